import { describe, expect, it } from 'vitest';
import { readCatalogs } from '../../scripts/catalogs';

const catalogs = readCatalogs();

/**
 * The Traditional Chinese catalogue (hk, the default language) never shows a Simplified-only
 * character. The list holds the common characters whose Traditional form differs (们 → 們, 这 →
 * 這…), leaving out those that are also ordinary Traditional characters (云, 准, 范, 着, 干…).
 */
const SIMPLIFIED_ONLY = [
  ...'们这个来时为会对发过还没说样让应关开间体点经现动长实页设删录码网络传图进与号无电话邮请输择选际钮链扫组织称业务认证帐户载显复换线连币价单双备层级亲爱书学习写读听见观觉视览统计订记评论译语谈调该详误错钱银铁锁门问闭闲阅阶队阳阴陈马鸟鱼龙东车轮软转辑边达迁运远违递逻邻郑乡乐买卖亏产亚仅从仓众优伙伟伤侧侦债倾偿储儿兑党兰兴养冲决况冻净凉减击刘则刚创别剂剑剧劝办励劲劳势区医华协卢卫却厂厅历压厌县参变叙叠叶叹吓吗启吴员响唤团园围国圆圣场坏块坚坛坠垒垦墙壮声壳处够头夸夹夺奋奖奥妆妇妈娱婴孙宁宝宠审宪宫宽宾寝寻导寿将尔尘尝属岁岂岗岛岭峡帅师带帮庄庆库庙废异弃张弥弯弹强归当彻径忆忧怀态怜总恋恒恳恶恼悦悬惊惧惨惩惯愤愿懒戏战执扩扬扰抚抛抢护报担拟拢拣拥拦拨挂挚挟挡挣挤挥捞损捡据掷揽搁搂搅携摄摆摇摊撑敌数斋断旧旷晋晒晓晕暂术机杀杂权条杨杰极构枪柜标栈栋栏树档桥桩梦检楼横欢欧毁毕毙气汇汉汤沟泪泽洁洒浅测浓涌涛润涨渊渐渔湾湿溃滚满滞滤滥灭灯灵灾灿炉炼烁烂烛烟烦烧热焕爷牵犹狭狮猎献获环琐画畅疗疯盐监盖盘矫矿砖础硕确碍礼祸离种积稳穷窃竞笔筑签简粮紧纠红约纪纯纲纳纵纷纸纹纺练细终绍结绕绘给绝继续维综绿缓编缘缩缴罗罚罢职联聪肃肠肤肿胀胁胶脉脏脑脚脱脸舰艰艺节芦苏苹荐荡荣药莱营萝虑虽虾蚀蛮补衬装裤规触誉讨训议讯讲许访识诉诊词试诗诚诞询诸诺课谁谅谊谋谐谓谢谣谨谱贝负贡财责贤败货质贩贪贫购贯贴贵贷贸费贺资赋赏赔赖赚赛赞赠赵赶趋跃践踪躯轨轩轰轻较辅辆辈辉辞辩辽迈适逊遗邓郁酱酿释鉴针钓钟钢钥钻铃铅铺销锅锐锻键镇镜闪闯闷闹闻阐阵陆陕险随隐隶难雾韦韩顶项顺须顾顿预领频题颜额风飘飞饥饭饮饰饱饲馆驱驶驻驾验骂骗骤鲜鸡鸣麦黄齐齿龄么',
];

function strings(value: unknown, path: string, out: [string, string][]): [string, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) strings(child, path ? `${path}.${key}` : key, out);
  }
  return out;
}

describe('Traditional Chinese (hk)', () => {
  it('has no Simplified-only character in any message', () => {
    const simplified = new Set(SIMPLIFIED_ONLY);
    const found = strings(catalogs.hk, '', [])
      .map(([path, text]) => [path, [...text].filter((char) => simplified.has(char)).join('')] as const)
      .filter(([, chars]) => chars !== '');
    expect(found).toEqual([]);
  });

  it('the check itself catches a Simplified character', () => {
    expect(SIMPLIFIED_ONLY.includes('这')).toBe(true);
    expect(SIMPLIFIED_ONLY.includes('這')).toBe(false);
  });
});
