import { defineNamespace } from '../namespace';

/** The new-version dialog (SPEC §4 version check, §8). */
export const version = defineNamespace({
  hk: {
    title: '偵測到新版本',
    body: '按「確定」自動更新網頁',
    ok: '確定',
    cancel: '取消',
  },
  en: {
    title: 'New Version detected',
    body: 'Click OK to automatically update the webpage',
    ok: 'OK',
    cancel: 'Cancel',
  },
  cn: {
    title: '检测到新版本',
    body: '点击“确定”自动更新网页',
    ok: '确定',
    cancel: '取消',
  },
  jp: {
    title: '新しいバージョンがあります',
    body: '「OK」を押すと、ページが自動的に更新されます',
    ok: 'OK',
    cancel: 'キャンセル',
  },
  kr: {
    title: '새 버전이 감지되었습니다',
    body: '‘확인’을 누르면 웹페이지가 자동으로 업데이트됩니다',
    ok: '확인',
    cancel: '취소',
  },
  th: {
    title: 'พบเวอร์ชันใหม่',
    body: 'กด “ตกลง” เพื่ออัปเดตหน้าเว็บโดยอัตโนมัติ',
    ok: 'ตกลง',
    cancel: 'ยกเลิก',
  },
});
