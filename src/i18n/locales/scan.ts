import { defineNamespace } from '../namespace';

/**
 * The QR scanner (/scanqrcode): camera, viewfinder and picking a photo instead. SPEC §8's
 * camera errors and 'This QR code is not a business card QR code' live in `http`
 * (camera*, notCardQr); `camera.unknown` is for errors SPEC §8 does not name.
 */
export const scan = defineNamespace({
  hk: {
    title: '掃描二維碼',
    hint: '將名片二維碼對準框內',
    back: '返回',
    preview: '相機預覽',
    starting: '正在開啟相機…',
    found: '已找到名片，正在開啟…',
    camera: {
      title: '無法使用相機',
      unknown: '未能開啟相機，請重試或改用其他方式',
      retry: '重試',
    },
    photo: {
      choose: '從相片掃描',
      reading: '正在讀取相片…',
      noCode: '相片中找不到二維碼',
      unreadable: '未能開啟此檔案，請選擇相片',
    },
  },
  en: {
    title: 'Scan a QR code',
    hint: 'Fit the business card’s QR code inside the frame',
    back: 'Back',
    preview: 'Camera preview',
    starting: 'Starting the camera…',
    found: 'Card found, opening…',
    camera: {
      title: 'The camera is unavailable',
      unknown: 'The camera could not be started; try again or use another method',
      retry: 'Try again',
    },
    photo: {
      choose: 'Scan a photo',
      reading: 'Reading the photo…',
      noCode: 'No QR code was found in this photo',
      unreadable: 'This file could not be opened; please choose a photo',
    },
  },
  cn: {
    title: '扫描二维码',
    hint: '将名片二维码对准框内',
    back: '返回',
    preview: '相机预览',
    starting: '正在打开相机…',
    found: '已找到名片，正在打开…',
    camera: {
      title: '无法使用相机',
      unknown: '未能打开相机，请重试或使用其他方式',
      retry: '重试',
    },
    photo: {
      choose: '从照片扫描',
      reading: '正在读取照片…',
      noCode: '照片中找不到二维码',
      unreadable: '无法打开此文件，请选择照片',
    },
  },
  jp: {
    title: 'QRコードをスキャン',
    hint: '名刺のQRコードを枠内に合わせてください',
    back: '戻る',
    preview: 'カメラのプレビュー',
    starting: 'カメラを起動しています…',
    found: '名刺が見つかりました。開いています…',
    camera: {
      title: 'カメラを使用できません',
      unknown: 'カメラを起動できませんでした。もう一度試すか、別の方法をお使いください',
      retry: '再試行',
    },
    photo: {
      choose: '写真からスキャン',
      reading: '写真を読み込んでいます…',
      noCode: 'この写真にQRコードが見つかりません',
      unreadable: 'このファイルを開けませんでした。写真を選んでください',
    },
  },
  kr: {
    title: 'QR 코드 스캔',
    hint: '명함 QR 코드를 프레임 안에 맞춰 주세요',
    back: '뒤로',
    preview: '카메라 미리보기',
    starting: '카메라를 켜는 중…',
    found: '명함을 찾았습니다. 여는 중…',
    camera: {
      title: '카메라를 사용할 수 없습니다',
      unknown: '카메라를 시작할 수 없습니다. 다시 시도하거나 다른 방법을 이용해 주세요',
      retry: '다시 시도',
    },
    photo: {
      choose: '사진으로 스캔',
      reading: '사진을 읽는 중…',
      noCode: '이 사진에서 QR 코드를 찾을 수 없습니다',
      unreadable: '이 파일을 열 수 없습니다. 사진을 선택해 주세요',
    },
  },
  th: {
    title: 'สแกน QR โค้ด',
    hint: 'จัด QR โค้ดของนามบัตรให้อยู่ในกรอบ',
    back: 'กลับ',
    preview: 'ภาพตัวอย่างจากกล้อง',
    starting: 'กำลังเปิดกล้อง…',
    found: 'พบนามบัตรแล้ว กำลังเปิด…',
    camera: {
      title: 'ไม่สามารถใช้กล้องได้',
      unknown: 'ไม่สามารถเปิดกล้องได้ กรุณาลองอีกครั้งหรือใช้วิธีอื่น',
      retry: 'ลองอีกครั้ง',
    },
    photo: {
      choose: 'สแกนจากรูปภาพ',
      reading: 'กำลังอ่านรูปภาพ…',
      noCode: 'ไม่พบ QR โค้ดในรูปภาพนี้',
      unreadable: 'ไม่สามารถเปิดไฟล์นี้ได้ กรุณาเลือกรูปภาพ',
    },
  },
});
