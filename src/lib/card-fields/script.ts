/**
 * Which Chinese script a text is printed in, from the characters that differ between the two
 * ("国" / "國"). The extractor never converts between them: every field keeps the script it was
 * printed in. This only tells a caller which script the card is in, for instance to pick the
 * recognizer's language (chi_sim or chi_tra) for the card.
 *
 * PAIRS holds frequent characters of business cards (names, companies, titles, addresses) whose
 * Simplified form is never written in Traditional text and whose Traditional form is never
 * written in Simplified text. Left out on purpose, because one form is used in both scripts:
 * 后 台 干 里 面 余 范 松 征 表 谷 斗 只 几 云 于 叶 着 制 冲 并 别 内 户 吕 凉 况 净 减 温
 * 却 册 挂 泪 (and the like).
 */

/** Simplified and Traditional forms, two characters a pair. */
const PAIRS = [
  '个個 丰豐 临臨 为為 丽麗 举舉 义義 乌烏 乐樂 乔喬 书書 买買 乱亂 争爭 亏虧 亚亞 产產 亩畝 亲親 亿億',
  '仅僅 从從 仓倉 仪儀 们們 价價 众眾 优優 会會 伞傘 伟偉 传傳 伤傷 伦倫 伪偽 体體 侠俠 侣侶 侦偵 侧側',
  '侨僑 俭儉 债債 倾傾 偿償 储儲 儿兒 党黨 兰蘭 关關 兴興 养養 兽獸 冈岡 写寫 军軍 农農 冯馮 决決 冻凍',
  '凤鳳 凭憑 凯凱 击擊 刘劉 则則 刚剛 创創 删刪 剂劑 剑劍 剧劇 办辦 务務 动動 励勵 劲勁 劳勞 势勢 勋勳',
  '区區 医醫 华華 协協 单單 卖賣 卢盧 卫衛 厂廠 厅廳 历歷 压壓 厌厭 厕廁 县縣 参參 双雙 变變 叙敘 号號',
  '叹嘆 吓嚇 吗嗎 启啟 员員 呜嗚 响響 哑啞 唤喚 团團 园園 围圍 国國 图圖 圆圓 圣聖 场場 坏壞 块塊 坚堅',
  '坛壇 坝壩 坟墳 垄壟 垒壘 执執 报報 壮壯 声聲 处處 备備 够夠 头頭 夹夾 夺奪 奋奮 奖獎 妇婦 妈媽 娱娛',
  '婴嬰 孙孫 学學 宁寧 宝寶 实實 宠寵 审審 宪憲 宽寬 宾賓 对對 寻尋 导導 寿壽 将將 尔爾 尘塵 尝嘗 层層',
  '属屬 岁歲 岂豈 岛島 岭嶺 峡峽 币幣 师師 帐帳 带帶 帮幫 广廣 庄莊 庆慶 库庫 应應 庙廟 废廢 开開 异異',
  '弃棄 张張 弥彌 弯彎 归歸 当當 录錄 彻徹 径徑 忆憶 态態 怀懷 总總 恋戀 恶惡 恳懇 惊驚 惧懼 惨慘 惯慣',
  '愿願 戏戲 战戰 扑撲 扩擴 扫掃 扬揚 扰擾 抚撫 抢搶 护護 担擔 拟擬 拥擁 择擇 挡擋 挣掙 挥揮 损損',
  '换換 据據 摄攝 摆擺 携攜 数數 断斷 无無 时時 旷曠 昼晝 显顯 晋晉 晒曬 晓曉 暂暫 术術 机機 杀殺 杂雜',
  '权權 条條 来來 杨楊 极極 构構 枪槍 柜櫃 标標 栋棟 树樹 样樣 桥橋 档檔 梦夢 检檢 楼樓 横橫 欢歡 欧歐',
  '残殘 毁毀 毕畢 气氣 汇匯 汉漢 汤湯 沟溝 没沒 沪滬 泽澤 洁潔 浅淺 测測 济濟 浓濃 涛濤 润潤 涨漲',
  '渐漸 湾灣 湿濕 满滿 滚滾 灭滅 灯燈 灵靈 灾災 炉爐 点點 炼煉 烦煩 烧燒 热熱 爱愛 爷爺 牵牽 犹猶 狮獅',
  '独獨 猎獵 猪豬 献獻 环環 现現 琼瓊 电電 画畫 畅暢 疗療 监監 盖蓋 盘盤 睁睜 矿礦 码碼 确確 础礎 礼禮',
  '离離 种種 积積 称稱 税稅 稳穩 穷窮 窃竊 竞競 笔筆 筑築 签簽 简簡 粮糧 紧緊 纠糾 红紅 约約 级級 纪紀',
  '纯純 纳納 纸紙 纺紡 线線 练練 组組 细細 织織 终終 绍紹 经經 结結 绕繞 绘繪 给給 络絡 绝絕 统統 继繼',
  '绩績 续續 维維 综綜 绿綠 编編 缘緣 网網 罗羅 罚罰 职職 联聯 聪聰 肃肅 胜勝 胶膠 脑腦 脏髒 脚腳 舰艦',
  '艺藝 节節 芦蘆 苏蘇 苹蘋 荐薦 药藥 莱萊 获獲 营營 萝蘿 蓝藍 虑慮 虽雖 虾蝦 蚁蟻 补補 袜襪 见見 观觀',
  '规規 视視 览覽 觉覺 计計 订訂 认認 讨討 让讓 训訓 议議 讯訊 记記 讲講 许許 论論 设設 访訪 证證 评評',
  '识識 诉訴 词詞 译譯 试試 诗詩 诚誠 话話 询詢 该該 详詳 语語 误誤 说說 请請 诸諸 读讀 课課 谁誰 调調',
  '谈談 谊誼 谋謀 谢謝 贝貝 负負 贡貢 财財 责責 贤賢 败敗 货貨 质質 贩販 贪貪 购購 贯貫 贴貼 贵貴 贷貸',
  '贸貿 费費 资資 赏賞 赔賠 赖賴 赚賺 赛賽 赞贊 赠贈 赵趙 赶趕 跃躍 践踐 踪蹤 车車 转轉 轮輪 软軟 轻輕',
  '载載 较較 辅輔 辆輛 辈輩 辉輝 输輸 辞辭 边邊 达達 迁遷 过過 运運 还還 这這 进進 远遠 违違 连連 迟遲',
  '适適 选選 递遞 逻邏 遗遺 邓鄧 邮郵 邻鄰 郑鄭 酱醬 释釋 鉴鑒 针針 钟鐘 钢鋼 钱錢 铁鐵 银銀 链鏈 销銷',
  '锁鎖 锋鋒 错錯 键鍵 镇鎮 长長 门門 闭閉 问問 间間 闻聞 阁閣 阅閱 队隊 阳陽 阴陰 阵陣 阶階 际際 陆陸',
  '陈陳 险險 随隨 隐隱 难難 雾霧 韩韓 页頁 顶頂 项項 顺順 须須 顾顧 顿頓 预預 领領 频頻 题題 颜顏 额額',
  '风風 飞飛 饭飯 饮飲 馆館 马馬 驾駕 验驗 骑騎 鱼魚 鸟鳥 鸡雞 鸣鳴 麦麥 黄黃 齐齊 齿齒 龙龍 龟龜 东東',
  '丝絲 两兩 严嚴 丧喪 习習 乡鄉 仆僕 吴吳 萧蕭 蒋蔣 贺賀 龚龔 邹鄒 阎閻 鲁魯 韦韋 聂聶 饶饒 邬鄔 谭譚',
  '邝鄺 万萬 厦廈 业業 专專 与與 讼訟 饰飾 装裝 状狀 钻鑽 铭銘 锦錦 钧鈞 铜銅 镜鏡 闸閘 闽閩 鹏鵬 发發',
].join(' ');

const SIMPLIFIED = new Set<string>();
const TRADITIONAL = new Set<string>();
for (const pair of PAIRS.split(' ')) {
  const [simplified, traditional] = [...pair];
  if (simplified && traditional) {
    SIMPLIFIED.add(simplified);
    TRADITIONAL.add(traditional);
  }
}

/** Kana make a text Japanese, whose shinjitai share many Simplified forms (国, 学, 会). */
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * 'simplified' or 'traditional' when the characters that differ between the scripts are mostly
 * (two to one or more) of one of them; null when there are none (Latin text, or only characters
 * both scripts share: "有限公司"), when the text mixes both about evenly, or when it is Japanese.
 */
export function detectChineseScript(text: string): 'simplified' | 'traditional' | null {
  if (typeof text !== 'string' || KANA.test(text)) return null;
  let simplified = 0;
  let traditional = 0;
  for (const char of text) {
    if (SIMPLIFIED.has(char)) simplified++;
    else if (TRADITIONAL.has(char)) traditional++;
  }
  if (simplified > 0 && simplified >= 2 * traditional) return 'simplified';
  if (traditional > 0 && traditional >= 2 * simplified) return 'traditional';
  return null;
}

/** The script whose form a character is (国 simplified, 國 traditional), or null when both write it so or it is no Chinese character. */
export function scriptOfChar(char: string): 'simplified' | 'traditional' | null {
  if (SIMPLIFIED.has(char)) return 'simplified';
  return TRADITIONAL.has(char) ? 'traditional' : null;
}

/** The pairs, for tests: [Simplified, Traditional]. */
export function scriptPairs(): [string, string][] {
  return PAIRS.split(' ').map((pair) => [...pair] as [string, string]);
}
