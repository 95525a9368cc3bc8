import type { BundledLanguage } from '@lanna/contract';
import { sanitizeHtml } from '../../modules/content/index.ts';
import type { Db } from '../client.ts';

type ArticleSeed = { anchor: string; title: string; html: string };

/**
 * The demo merchants' help centre articles (spec section 7: by language, device WEB), written
 * through the same sanitiser as an operator's. The demo seeds no announcements: they pop up over
 * every page, so a merchant publishes its own through the operator API.
 */
const TERMS: Record<BundledLanguage, ArticleSeed> = {
  EN: {
    anchor: 'term',
    title: 'Terms and conditions',
    html:
      '<p>By opening an account you confirm that you are at least 18 years old and that online ' +
      'games are legal where you live.</p><ul><li>One account per person, household and device.</li>' +
      '<li>Bonuses carry the turnover shown on each promotion before they can be withdrawn.</li>' +
      '<li>Withdrawals go only to accounts in the name of the account holder.</li>' +
      '<li>We may ask for proof of identity before a withdrawal.</li></ul>',
  },
  CN: {
    anchor: 'term',
    title: '条款与条件',
    html:
      '<p>开设账户即表示您确认已年满18岁，且您所在地区允许参与在线游戏。</p><ul>' +
      '<li>每人、每户、每台设备仅限一个账户。</li><li>奖金须完成各活动所示的流水后方可提款。</li>' +
      '<li>提款仅可转入与账户持有人同名的账户。</li><li>提款前我们可能要求您提供身份证明。</li></ul>',
  },
  TH: {
    anchor: 'term',
    title: 'ข้อกำหนดและเงื่อนไข',
    html:
      '<p>การเปิดบัญชีถือว่าคุณยืนยันว่ามีอายุอย่างน้อย 18 ปี และเกมออนไลน์ถูกกฎหมายในที่ที่คุณอาศัยอยู่</p><ul>' +
      '<li>หนึ่งบัญชีต่อหนึ่งคน หนึ่งครัวเรือน และหนึ่งอุปกรณ์</li>' +
      '<li>โบนัสต้องทำยอดเทิร์นโอเวอร์ตามที่แสดงในแต่ละโปรโมชันก่อนถอน</li>' +
      '<li>ถอนเงินได้เฉพาะเข้าบัญชีที่เป็นชื่อเดียวกับเจ้าของบัญชีเท่านั้น</li>' +
      '<li>เราอาจขอหลักฐานยืนยันตัวตนก่อนการถอนเงิน</li></ul>',
  },
  KM: {
    anchor: 'term',
    title: 'លក្ខខណ្ឌ',
    html:
      '<p>ដោយការបើកគណនី អ្នកបញ្ជាក់ថាអ្នកមានអាយុយ៉ាងតិច 18 ឆ្នាំ ហើយហ្គេមអនឡាញស្របច្បាប់នៅកន្លែងដែលអ្នករស់នៅ។</p><ul>' +
      '<li>មួយគណនីក្នុងមួយនាក់ មួយគ្រួសារ និងមួយឧបករណ៍។</li>' +
      '<li>ប្រាក់រង្វាន់ត្រូវភ្នាល់គ្រប់ចំនួនដែលបង្ហាញក្នុងប្រូម៉ូសិននីមួយៗ មុនពេលដកប្រាក់។</li>' +
      '<li>ការដកប្រាក់ទៅបានតែគណនីដែលមានឈ្មោះដូចម្ចាស់គណនីប៉ុណ្ណោះ។</li></ul>',
  },
};

const DEPOSIT: Record<BundledLanguage, ArticleSeed> = {
  EN: {
    anchor: 'deposit',
    title: 'How do I deposit?',
    html:
      '<p>Open <b>Deposit</b> in the member centre, choose a channel and an amount within its ' +
      'limits. A bank transfer is credited once our team confirms it; a gateway payment at once.</p>',
  },
  CN: {
    anchor: 'deposit',
    title: '如何存款？',
    html: '<p>在会员中心打开<b>存款</b>，选择渠道并输入限额内的金额。银行转账经审核后到账，网关支付即时到账。</p>',
  },
  TH: {
    anchor: 'deposit',
    title: 'ฝากเงินอย่างไร?',
    html: '<p>เปิด <b>ฝากเงิน</b> ในศูนย์สมาชิก เลือกช่องทางและจำนวนเงินภายในวงเงิน การโอนผ่านธนาคารจะเข้าบัญชีเมื่อทีมงานยืนยัน ส่วนเกตเวย์จะเข้าทันที</p>',
  },
  KM: {
    anchor: 'deposit',
    title: 'តើខ្ញុំដាក់ប្រាក់ដោយរបៀបណា?',
    html: '<p>បើក <b>ដាក់ប្រាក់</b> ក្នុងមជ្ឈមណ្ឌលសមាជិក ជ្រើសរើសឆានែល និងចំនួនទឹកប្រាក់ក្នុងដែនកំណត់។</p>',
  },
};

const WITHDRAW: Record<BundledLanguage, ArticleSeed> = {
  EN: {
    anchor: 'withdraw',
    title: 'How do I withdraw?',
    html:
      '<p>Bind a bank card or e-wallet, set a six-digit payment password, then open ' +
      '<b>Withdrawal</b>. After payout, confirm whether the money arrived.</p>',
  },
  CN: {
    anchor: 'withdraw',
    title: '如何提款？',
    html: '<p>绑定银行卡或电子钱包，设置六位数支付密码，然后打开<b>提款</b>。出款后请确认是否到账。</p>',
  },
  TH: {
    anchor: 'withdraw',
    title: 'ถอนเงินอย่างไร?',
    html: '<p>ผูกบัญชีธนาคารหรือวอลเล็ต ตั้งรหัสชำระเงิน 6 หลัก แล้วเปิด <b>ถอนเงิน</b> หลังจ่ายเงินแล้วโปรดยืนยันว่าได้รับเงิน</p>',
  },
  KM: {
    anchor: 'withdraw',
    title: 'តើខ្ញុំដកប្រាក់ដោយរបៀបណា?',
    html: '<p>ភ្ជាប់កាតធនាគារ ឬកាបូបអេឡិចត្រូនិច កំណត់ពាក្យសម្ងាត់ទូទាត់ 6 ខ្ទង់ រួចបើក <b>ដកប្រាក់</b>។</p>',
  },
};

const ACCOUNT: Record<BundledLanguage, ArticleSeed> = {
  EN: {
    anchor: 'account',
    title: 'Account security',
    html:
      '<p>Never share your password or an SMS code. Turn on second verification in the ' +
      '<b>security centre</b>; we never ask for your password by chat or phone.</p>',
  },
  CN: {
    anchor: 'account',
    title: '账户安全',
    html: '<p>切勿透露您的密码或短信验证码。请在<b>安全中心</b>开启二次验证；我们绝不会通过聊天或电话索要密码。</p>',
  },
  TH: {
    anchor: 'account',
    title: 'ความปลอดภัยของบัญชี',
    html: '<p>อย่าเปิดเผยรหัสผ่านหรือรหัส SMS กับใคร เปิดการยืนยันตัวตนขั้นที่สองใน <b>ศูนย์ความปลอดภัย</b></p>',
  },
  KM: {
    anchor: 'account',
    title: 'សុវត្ថិភាពគណនី',
    html: '<p>កុំចែករំលែកពាក្យសម្ងាត់ ឬលេខកូដ SMS របស់អ្នក។ បើកការផ្ទៀងផ្ទាត់ជំហានទីពីរក្នុង <b>មជ្ឈមណ្ឌលសុវត្ថិភាព</b>។</p>',
  },
};

const ARTICLES = [TERMS, DEPOSIT, WITHDRAW, ACCOUNT];

const insertArticles = async (tx: Db, merchantId: number) => {
  let count = 0;
  for (const [sort, article] of ARTICLES.entries()) {
    for (const [language, seed] of Object.entries(article)) {
      await tx.query(
        `INSERT INTO help_articles (merchant_id, language, device, anchor, title, content, sort)
         VALUES ($1, $2, 'WEB', $3, $4, $5, $6)
         ON CONFLICT (merchant_id, language, device, anchor) DO NOTHING`,
        [merchantId, language, seed.anchor, seed.title, sanitizeHtml(seed.html), sort],
      );
      count += 1;
    }
  }
  return count;
};

/** Idempotent: articles that exist (by language and anchor) are left as they are. */
export const seedHelpArticles = async (
  tx: Db,
  merchants: readonly { id: number; code: string }[],
): Promise<number> => {
  let count = 0;
  for (const merchant of merchants) count += await insertArticles(tx, merchant.id);
  return count;
};
