/** Traditional Chinese (Hong Kong): the default and fallback catalogue. Every other locale must have the same keys. */
export const hk = {
  server: {
    ok: '成功',
    codeSent: '驗證碼已發送',
    codeMail: 'Cardbook 驗證碼：{{code}}（10 分鐘內有效）',
    registered: '註冊成功',
    loggedIn: '登入成功',
    loggedOut: '已登出',
    passwordChanged: '密碼已修改',
    saved: '已保存',
    invalidField: '欄位「{{field}}」格式不正確',
    requiredField: '請填寫欄位「{{field}}」',
    unknownField: '不支援的欄位「{{field}}」',
    malformedBody: '請求內容格式不正確',
    passwordTooShort: '請輸入六位或以上的密碼',
    loginRequired: '請重新登入',
    wrongPassword: '帳號或密碼錯誤',
    wrongCode: '驗證碼錯誤或已過期',
    accountExists: '此帳號已註冊',
    noPassword: '此帳號尚未設定密碼，請使用驗證碼登入',
    oldPasswordWrong: '目前的密碼不正確',
    rateLimited: '嘗試次數過多，請於 {{minutes}} 分鐘後再試',
    fileTooLarge: '檔案太大，不能超過 {{mb}}MB',
    tooLarge: '請求內容太大',
    notImage: '請選擇圖片檔案',
    fileMissing: '請選擇檔案',
    forbidden: '拒絕訪問',
    notFound: '找不到請求的內容',
    serverError: '服務器異常，請聯繫管理員！',
  },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The shape every locale must fill: the keys of hk, with any strings. */
export type Messages = Widen<typeof hk>;
