import { HOUSE_VENDOR_CODE, type GameCategory } from '@lanna/contract';
import { HOUSE_GAMES } from '@lanna/contract/games/house-games';
import type { Db } from '../client.ts';

/** A word in the four site languages: English, Chinese, Thai, Khmer. */
type Word = readonly [en: string, cn: string, th: string, km: string];
/** A noun may make its games a sub-type (spec section 3, Game sub-types). */
type Noun = readonly [en: string, cn: string, th: string, km: string, subType?: string];

/**
 * How a category's names are composed: first + second + suffix, each list in the four
 * languages; the suffix list starts with the empty word, so most names have two parts.
 */
type NameParts = { first: readonly Word[]; second: readonly Noun[]; suffix: readonly Word[] };

const NONE: Word = ['', '', '', ''];

const ADJECTIVES: readonly Word[] = [
  ['Golden', '黄金', 'ทองคำ', 'មាស'],
  ['Lucky', '幸运', 'นำโชค', 'សំណាង'],
  ['Royal', '皇家', 'ราชา', 'រាជ'],
  ['Mega', '超级', 'เมก้า', 'មេហ្គា'],
  ['Wild', '狂野', 'ไวลด์', 'ព្រៃ'],
  ['Dragon', '神龙', 'มังกร', 'នាគ'],
  ['Fortune', '财富', 'โชคลาภ', 'ទ្រព្យ'],
  ['Diamond', '钻石', 'เพชร', 'ពេជ្រ'],
  ['Jade', '翡翠', 'หยก', 'ត្បូងជេដ'],
  ['Phoenix', '凤凰', 'หงส์', 'ហង្ស'],
  ['Tiger', '猛虎', 'เสือ', 'ខ្លា'],
  ['Mystic', '神秘', 'ลึกลับ', 'អាថ៌កំបាំង'],
  ['Thunder', '雷霆', 'สายฟ้า', 'ផ្គរលាន់'],
  ['Crystal', '水晶', 'คริสตัล', 'គ្រីស្តាល់'],
  ['Emerald', '翠绿', 'มรกต', 'មរកត'],
  ['Ruby', '红宝石', 'ทับทิม', 'ត្បូងទទឹម'],
  ['Silver', '白银', 'เงินยวง', 'ប្រាក់'],
  ['Sunny', '阳光', 'แสงตะวัน', 'ពន្លឺថ្ងៃ'],
  ['Moonlight', '月光', 'แสงจันทร์', 'ពន្លឺច័ន្ទ'],
  ['Ancient', '远古', 'โบราณ', 'បុរាណ'],
];

const CATEGORY_NAMES: Record<GameCategory, NameParts> = {
  RNG: {
    first: ADJECTIVES,
    second: [
      ['Treasures', '宝藏', 'สมบัติ', 'កំណប់'],
      ['Empire', '帝国', 'จักรวรรดิ', 'អាណាចក្រ'],
      ['Temple', '神殿', 'วิหาร', 'ប្រាសាទ'],
      ['Riches', '财宝', 'ความมั่งคั่ง', 'ភាពសម្បូរ'],
      ['Koi', '锦鲤', 'ปลาคาร์ป', 'ត្រីគយ'],
      ['Panda', '熊猫', 'แพนด้า', 'ផេនដា'],
      ['Queen', '女王', 'ราชินี', 'មហាក្សត្រី'],
      ['Pharaoh', '法老', 'ฟาโรห์', 'ផារ៉ោន'],
      ['Safari', '狩猎', 'ซาฟารี', 'សាហ្វារី'],
      ['Gems', '宝石', 'อัญมณี', 'ត្បូង'],
      ['Bonanza', '富矿', 'โบนันซ่า', 'បូណានហ្សា'],
      ['Elephant', '大象', 'ช้าง', 'ដំរី'],
      ['Jackpot', '大奖', 'แจ็คพอต', 'ជែកផត', 'JP'],
      ['Blackjack', '二十一点', 'แบล็คแจ็ค', 'ប្លេកជែក', 'TG'],
      ['Roulette', '轮盘', 'รูเล็ต', 'រ៉ូឡែត', 'TG'],
      ['Poker', '扑克', 'โป๊กเกอร์', 'ប៉ុកឃ័រ', 'VP'],
      ['Scratch', '刮刮乐', 'ขูดรางวัล', 'កោសរង្វាន់', 'SC'],
      ['Plinko', '弹珠', 'พลิงโก', 'ប្លីងកូ', 'AC'],
      ['Crash', '火箭', 'แครช', 'រ៉ុក្កែត', 'AC'],
      ['Bingo', '宾果', 'บิงโก', 'ប៊ីងហ្គោ', 'BG'],
    ],
    suffix: [
      NONE,
      ['Deluxe', '豪华版', 'ดีลักซ์', 'ពិសេស'],
      ['Megaways', '万路', 'เมกาเวย์', 'មេហ្គាវេ'],
      ['Hold & Win', '旋转赢', 'โฮลด์แอนด์วิน', 'កាន់ហើយឈ្នះ'],
      ['Rush', '狂热', 'รัช', 'ប្រញាប់'],
      ['II', '二', 'ภาค 2', 'ភាគ ២'],
    ],
  },
  LIVE: {
    first: [
      ['Speed', '极速', 'สปีด', 'ល្បឿន'],
      ['VIP', '贵宾', 'วีไอพี', 'វីអាយភី'],
      ['Classic', '经典', 'คลาสสิก', 'ក្លាស៊ិក'],
      ['Lightning', '闪电', 'ไลท์นิ่ง', 'រន្ទះ'],
      ['Squeeze', '咪牌', 'สควีซ', 'ច្របាច់'],
      ['No Commission', '免佣', 'ไม่มีค่าคอม', 'គ្មានកម្រៃ'],
      ['Golden', '黄金', 'ทองคำ', 'មាស'],
      ['Royal', '皇家', 'ราชา', 'រាជ'],
    ],
    second: [
      ['Baccarat', '百家乐', 'บาคาร่า', 'បាការ៉ា'],
      ['Roulette', '轮盘', 'รูเล็ต', 'រ៉ូឡែត'],
      ['Sic Bo', '骰宝', 'ไฮโล', 'ស៊ិកបូ'],
      ['Dragon Tiger', '龙虎', 'เสือมังกร', 'នាគខ្លា'],
      ['Blackjack', '二十一点', 'แบล็คแจ็ค', 'ប្លេកជែក'],
      ['Fan Tan', '番摊', 'ฟานทัน', 'ហ្វាន់តាន'],
      ['Andar Bahar', '安达巴哈', 'อันดาร์บาฮาร์', 'អាន់ដាបាហា'],
      ['Poker', '扑克', 'โป๊กเกอร์', 'ប៉ុកឃ័រ'],
    ],
    suffix: [NONE, ['A', 'A', 'A', 'A'], ['B', 'B', 'B', 'B'], ['C', 'C', 'C', 'C']],
  },
  FISH: {
    first: ADJECTIVES,
    second: [
      ['Fishing', '捕鱼', 'ยิงปลา', 'បាញ់ត្រី'],
      ['Ocean King', '海王', 'ราชาแห่งทะเล', 'ស្ដេចសមុទ្រ'],
      ['Shark Hunter', '鲨鱼猎人', 'นักล่าฉลาม', 'អ្នកប្រមាញ់ត្រីឆ្លាម'],
      ['Mermaid', '美人鱼', 'นางเงือก', 'នាងមច្ឆា'],
      ['Octopus', '章鱼', 'ปลาหมึกยักษ์', 'មឹកយក្ស'],
      ['Whale Hunt', '猎鲸', 'ล่าวาฬ', 'ប្រមាញ់ត្រីបាឡែន'],
      ['Reef', '珊瑚礁', 'แนวปะการัง', 'ថ្មផ្កាថ្ម'],
      ['Deep Sea', '深海', 'ทะเลลึก', 'សមុទ្រជ្រៅ'],
    ],
    suffix: [NONE, ['Legend', '传说', 'ตำนาน', 'រឿងព្រេង'], ['3D', '3D', '3D', '3D']],
  },
  SPORTS: {
    first: [
      ['Football', '足球', 'ฟุตบอล', 'បាល់ទាត់'],
      ['Basketball', '篮球', 'บาสเกตบอล', 'បាល់បោះ'],
      ['Tennis', '网球', 'เทนนิส', 'វាយកូនបាល់'],
      ['Badminton', '羽毛球', 'แบดมินตัน', 'វាយសី'],
      ['Muay Thai', '泰拳', 'มวยไทย', 'ប្រដាល់ថៃ'],
      ['Volleyball', '排球', 'วอลเลย์บอล', 'បាល់ទះ'],
      ['Baseball', '棒球', 'เบสบอล', 'បេស្បល'],
      ['Horse Racing', '赛马', 'แข่งม้า', 'ប្រណាំងសេះ'],
    ],
    second: [
      ['Live', '滚球', 'สด', 'ផ្សាយផ្ទាល់'],
      ['Early Market', '早盘', 'ล่วงหน้า', 'ទីផ្សារមុន'],
      ['Parlay', '串关', 'สเต็ป', 'ផាឡេ'],
      ['Outright', '冠军盘', 'แชมป์', 'ជើងឯក'],
      ['Virtual', '虚拟', 'เสมือน', 'និម្មិត'],
    ],
    suffix: [NONE],
  },
  PVP: {
    first: ADJECTIVES,
    second: [
      ["Texas Hold'em", '德州扑克', 'เท็กซัสโฮลเด็ม', 'ប៉ុកឃ័រតិចសាស់'],
      ['Pok Deng', '博丁', 'ป๊อกเด้ง', 'ប៉ុកដេង'],
      ['Dummy', '达米', 'ดัมมี่', 'ដាំមី'],
      ['Niu Niu', '牛牛', 'นิวนิว', 'ញូញូ'],
      ['Teen Patti', '三张牌', 'ทีนปัตติ', 'ធីនប៉ាទី'],
      ['Rummy', '拉米', 'รัมมี่', 'រ៉ាមី'],
      ['Sam Gong', '三公', 'สามกอง', 'សាមគង'],
      ['Blackjack Duel', '二十一点对决', 'ดวลแบล็คแจ็ค', 'ប្រកួតប្លេកជែក'],
      ['Mahjong', '麻将', 'ไพ่นกกระจอก', 'ម៉ាចុង'],
      ['Fan Tan', '番摊', 'ฟานทัน', 'ហ្វាន់តាន'],
    ],
    suffix: [NONE, ['Pro', '专业版', 'โปร', 'ប្រូ'], ['Club', '俱乐部', 'คลับ', 'ក្លឹប']],
  },
  LOTT: {
    first: [
      ['Hanoi', '河内', 'ฮานอย', 'ហាណូយ'],
      ['Ho Chi Minh', '胡志明', 'โฮจิมินห์', 'ហូជីមិញ'],
      ['Thai Government', '泰国政府', 'รัฐบาลไทย', 'រដ្ឋាភិបាលថៃ'],
      ['Lao', '老挝', 'ลาว', 'ឡាវ'],
      ['Malaysia', '马来西亚', 'มาเลเซีย', 'ម៉ាឡេស៊ី'],
      ['Singapore', '新加坡', 'สิงคโปร์', 'សិង្ហបុរី'],
      ['Da Nang', '岘港', 'ดานัง', 'ដាណាំង'],
      ['Cambodia', '柬埔寨', 'กัมพูชา', 'កម្ពុជា'],
    ],
    second: [
      ['Lottery', '彩票', 'หวย', 'ឆ្នោត'],
      ['VIP Lottery', '贵宾彩票', 'หวยวีไอพี', 'ឆ្នោតវីអាយភី'],
      ['4D', '4D', '4D', '4D'],
      ['Special Draw', '特别开奖', 'งวดพิเศษ', 'ការចាប់ពិសេស'],
      ['Express', '快开', 'ด่วน', 'រហ័ស'],
    ],
    suffix: [NONE],
  },
  ELOTT: {
    first: [
      ['Keno', '基诺', 'คีโน', 'គីណូ'],
      ['Fast 3', '快3', 'ฟาสต์ 3', 'រហ័ស ៣'],
      ['Lucky 28', '幸运28', 'ลัคกี้ 28', 'សំណាង ២៨'],
      ['Pick 3', '排列3', 'พิก 3', 'ជ្រើស ៣'],
      ['Racing 10', '赛车10', 'เรซซิ่ง 10', 'ប្រណាំង ១០'],
      ['11 Choose 5', '11选5', '11 เลือก 5', '១១ ជ្រើស ៥'],
      ['Happy 8', '快乐8', 'แฮปปี้ 8', 'រីករាយ ៨'],
      ['Lucky Ball', '幸运球', 'ลูกบอลนำโชค', 'បាល់សំណាង'],
    ],
    second: [
      ['1 Minute', '1分钟', '1 นาที', '១ នាទី'],
      ['3 Minutes', '3分钟', '3 นาที', '៣ នាទី'],
      ['5 Minutes', '5分钟', '5 นาที', '៥ នាទី'],
      ['10 Minutes', '10分钟', '10 นาที', '១០ នាទី'],
      ['Daily', '每日', 'รายวัน', 'ប្រចាំថ្ងៃ'],
    ],
    suffix: [NONE, ['VIP', '贵宾', 'วีไอพี', 'វីអាយភី']],
  },
  ESPORTS: {
    first: [
      ['Dota 2', '刀塔2', 'โดต้า 2', 'ដូតា ២'],
      ['Counter-Strike 2', '反恐精英2', 'เคาน์เตอร์สไตรค์ 2', 'ខោនធ័រស្ត្រាយ ២'],
      ['Valorant', '无畏契约', 'วาโลแรนต์', 'វ៉ាឡូរ៉ង់'],
      ['League of Legends', '英雄联盟', 'ลีกออฟเลเจนด์', 'លីគអុហ្វលេជិន'],
      ['Mobile Legends', '无尽对决', 'โมบายเลเจนด์', 'ម៉ូបាលលេជិន'],
      ['PUBG Mobile', '绝地求生手游', 'พับจีโมบาย', 'ផាប់ជីម៉ូបាល'],
      ['King of Glory', '王者荣耀', 'ราชาแห่งเกียรติยศ', 'ស្ដេចកិត្តិយស'],
      ['Free Fire', '自由之火', 'ฟรีฟาย', 'ហ្វ្រីហ្វាយ'],
    ],
    second: [
      ['Matches', '赛事', 'แมตช์', 'ការប្រកួត'],
      ['Live', '直播', 'สด', 'ផ្ទាល់'],
      ['Tournament', '锦标赛', 'ทัวร์นาเมนต์', 'ពានរង្វាន់'],
      ['Handicap', '让分盘', 'แฮนดิแคป', 'ហេនឌីខេប'],
    ],
    suffix: [NONE],
  },
  COCKFIGHT: {
    first: [
      ['Sabong', '斗鸡', 'ไก่ชน', 'ជល់មាន់'],
      ['Derby', '德比', 'ดาร์บี้', 'ដឺប៊ី'],
      ['Thai Cockfight', '泰国斗鸡', 'ไก่ชนไทย', 'ជល់មាន់ថៃ'],
      ['Khmer Cockfight', '高棉斗鸡', 'ไก่ชนเขมร', 'ជល់មាន់ខ្មែរ'],
      ['Slasher Cup', '利刃杯', 'สแลชเชอร์คัพ', 'ពានស្លាស់ស៊ើ'],
    ],
    second: [
      ['Arena', '竞技场', 'สนาม', 'សង្វៀន'],
      ['Main Event', '主赛', 'รายการหลัก', 'កម្មវិធីធំ'],
      ['Live', '直播', 'สด', 'ផ្ទាល់'],
      ['Championship', '锦标赛', 'ชิงแชมป์', 'ជើងឯក'],
    ],
    suffix: [NONE],
  },
};

/**
 * Games per vendor of each category in the demo catalog: with the 34 vendors that are not
 * HOUSE this makes 5,050 games. HOUSE is not generated: it lists the games it really serves.
 */
export const GAMES_PER_VENDOR: Record<GameCategory, number> = {
  RNG: 380,
  LIVE: 120,
  FISH: 80,
  SPORTS: 30,
  PVP: 150,
  LOTT: 40,
  ELOTT: 80,
  ESPORTS: 30,
  COCKFIGHT: 20,
};

/**
 * The house vendor's games (apps/house-vendor serves exactly HOUSE_GAMES) in the four languages,
 * with their sub-type; a code missing here is listed under its English name.
 */
const HOUSE_GAME_NAMES: Record<string, { names: Word; subType: string | null }> = {
  'lanna-slot': {
    names: ['Lanna Fortune Reels', '兰纳财富转轴', 'ลานนา ฟอร์จูน รีล', 'ឡាន់ណា វង់សំណាង'],
    subType: null,
  },
  'lanna-dice': {
    names: ['Lanna Dice', '兰纳骰子', 'ลานนา ลูกเต๋า', 'ឡាន់ណា គ្រាប់ឡុកឡាក់'],
    subType: 'AC',
  },
  'lanna-scratch': {
    names: ['Lanna Scratch Card', '兰纳刮刮卡', 'ลานนา บัตรขูด', 'ឡាន់ណា កាតកោស'],
    subType: 'SC',
  },
};

/** The house vendor's games: real ones, hot so the home page shows them first. */
const seedHouseGames = async (tx: Db): Promise<void> => {
  const rows = HOUSE_GAMES.map((game, sort) => {
    const entry = HOUSE_GAME_NAMES[game.code];
    const names = entry?.names ?? [game.name, game.name, game.name, game.name];
    return {
      code: game.code,
      names,
      subType: entry?.subType ?? null,
      freePlay: game.freeplay,
      sort,
    };
  });
  await tx.query(
    `INSERT INTO games (vendor_id, game_code, name_en, name_cn, name_th, name_km, sub_type,
       is_hot, free_play, sort, popularity)
     SELECT v.id, r.code, r.en, r.cn, r.th, r.km, r.sub_type, true, r.free_play = 1, r.sort, 1000
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                 $8::int[], $9::int[])
       AS r (code, en, cn, th, km, sub_type, free_play, sort)
     JOIN vendors v ON v.code = $1 AND v.category = 'RNG'
     ON CONFLICT (vendor_id, game_code) DO NOTHING`,
    [
      HOUSE_VENDOR_CODE,
      rows.map((row) => row.code),
      rows.map((row) => row.names[0]),
      rows.map((row) => row.names[1]),
      rows.map((row) => row.names[2]),
      rows.map((row) => row.names[3]),
      rows.map((row) => row.subType),
      rows.map((row) => (row.freePlay ? 1 : 0)),
      rows.map((row) => row.sort),
    ],
  );
};

type VendorRow = { id: number; code: string; category: GameCategory };

/** Every category's word lists flattened into one array per language, with each list's place. */
const flattenWords = () => {
  const en: string[] = [];
  const cn: string[] = [];
  const th: string[] = [];
  const km: string[] = [];
  const subTypes: (string | null)[] = [];
  const add = (list: readonly Noun[]): { offset: number; length: number } => {
    const offset = en.length;
    for (const word of list) {
      en.push(word[0]);
      cn.push(word[1]);
      th.push(word[2]);
      km.push(word[3]);
      subTypes.push(word[4] ?? null);
    }
    return { offset, length: list.length };
  };
  const places = new Map<
    GameCategory,
    {
      first: ReturnType<typeof add>;
      second: ReturnType<typeof add>;
      suffix: ReturnType<typeof add>;
    }
  >();
  for (const [category, parts] of Object.entries(CATEGORY_NAMES) as [GameCategory, NameParts][]) {
    places.set(category, {
      first: add(parts.first),
      second: add(parts.second),
      suffix: add(parts.suffix),
    });
  }
  return { en, cn, th, km, subTypes, places };
};

/**
 * Writes the demo catalog in one statement: each vendor's games come from generate_series,
 * their names from a permutation of first x second x suffix words (a multiplier prime to the
 * number of combinations, so no two games of a vendor share a name; past the last combination
 * a round number is appended), their flags from fixed hashes of the index. The same input
 * always writes the same catalog; a second run adds nothing (the vendor's game code is unique).
 * `scale` multiplies every vendor's count (the bench builds a 20,000-game catalog with 4).
 */
export const seedGames = async (tx: Db, options: { scale?: number } = {}): Promise<number> => {
  const scale = options.scale ?? 1;
  await seedHouseGames(tx);
  const vendors = await tx.query<VendorRow>(
    'SELECT id, code, category FROM vendors WHERE code <> $1 ORDER BY id',
    [HOUSE_VENDOR_CODE],
  );
  const words = flattenWords();
  const columns = {
    vendorId: [] as number[],
    prefix: [] as string[],
    ordinal: [] as number[],
    count: [] as number[],
    firstOffset: [] as number[],
    firstLength: [] as number[],
    secondOffset: [] as number[],
    secondLength: [] as number[],
    suffixOffset: [] as number[],
    suffixLength: [] as number[],
    freePlay: [] as number[],
    pvp: [] as number[],
  };
  vendors.forEach((vendor, ordinal) => {
    const place = words.places.get(vendor.category);
    if (!place) throw new Error(`no name parts for category ${vendor.category}`);
    columns.vendorId.push(vendor.id);
    columns.prefix.push(`${vendor.code.toLowerCase()}-${vendor.category.toLowerCase()}-`);
    columns.ordinal.push(ordinal + 1);
    columns.count.push(Math.round(GAMES_PER_VENDOR[vendor.category] * scale));
    columns.firstOffset.push(place.first.offset);
    columns.firstLength.push(place.first.length);
    columns.secondOffset.push(place.second.offset);
    columns.secondLength.push(place.second.length);
    columns.suffixOffset.push(place.suffix.offset);
    columns.suffixLength.push(place.suffix.length);
    columns.freePlay.push(['RNG', 'FISH', 'PVP', 'ELOTT'].includes(vendor.category) ? 1 : 0);
    columns.pvp.push(vendor.category === 'PVP' ? 1 : 0);
  });
  const rows = await tx.query<{ count: number }>(
    `WITH inserted AS (
       INSERT INTO games (vendor_id, game_code, name_en, name_cn, name_th, name_km, sub_type,
         is_hot, is_new, free_play, maintenance, sort, popularity, pvp_rooms)
       SELECT v.vendor_id,
         v.prefix || lpad((g.i + 1)::text, 5, '0'),
         concat_ws(' ', ($17::text[])[f.a], ($17::text[])[f.b], nullif(($17::text[])[f.s], ''), f.round),
         concat(($18::text[])[f.a], ($18::text[])[f.b], ($18::text[])[f.s], f.round),
         concat_ws(' ', ($19::text[])[f.a], ($19::text[])[f.b], nullif(($19::text[])[f.s], ''), f.round),
         concat_ws(' ', ($20::text[])[f.a], ($20::text[])[f.b], nullif(($20::text[])[f.s], ''), f.round),
         ($21::text[])[f.b],
         h.h1 < 60, h.h2 < 50, v.free_play = 1 AND h.h1 % 4 <> 0, h.h2 >= 990,
         g.i, (h.h1 * 37 + h.h2) % 1000, CASE WHEN v.pvp = 1 THEN 3 + h.h1 % 4 ELSE 0 END
       FROM unnest($1::int[], $2::text[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[],
                   $8::int[], $9::int[], $10::int[], $11::int[], $12::int[])
         AS v (vendor_id, prefix, ordinal, n, a_off, a_len, b_off, b_len, s_off, s_len,
               free_play, pvp)
       CROSS JOIN LATERAL generate_series(0, v.n - 1) AS g (i)
       CROSS JOIN LATERAL (SELECT v.a_len * v.b_len * v.s_len AS total) AS t
       CROSS JOIN LATERAL (
         SELECT ((g.i % t.total)::bigint * $13::bigint + v.ordinal::bigint * $14::bigint) % t.total AS k,
                g.i / t.total AS r) AS p
       CROSS JOIN LATERAL (
         SELECT (v.a_off + p.k / (v.b_len * v.s_len) + 1)::int AS a,
                (v.b_off + (p.k / v.s_len) % v.b_len + 1)::int AS b,
                (v.s_off + p.k % v.s_len + 1)::int AS s,
                CASE WHEN p.r > 0 THEN (p.r + 1)::text END AS round) AS f
       CROSS JOIN LATERAL (
         SELECT ((g.i + 1)::bigint * $15::bigint + v.ordinal::bigint * $16::bigint) % 1000 AS h1,
                ((g.i + 1)::bigint * $16::bigint + v.ordinal::bigint * $15::bigint) % 1000 AS h2) AS h
       ON CONFLICT (vendor_id, game_code) DO NOTHING
       RETURNING 1)
     SELECT (SELECT count(*) FROM inserted)::int + (SELECT count(*) FROM games)::int AS count`,
    [
      columns.vendorId,
      columns.prefix,
      columns.ordinal,
      columns.count,
      columns.firstOffset,
      columns.firstLength,
      columns.secondOffset,
      columns.secondLength,
      columns.suffixOffset,
      columns.suffixLength,
      columns.freePlay,
      columns.pvp,
      // A prime no combination count is a multiple of, and fixed hash multipliers.
      7919,
      104_729,
      2_654_435_761,
      40_503,
      words.en,
      words.cn,
      words.th,
      words.km,
      words.subTypes,
    ],
  );
  return rows[0]?.count ?? 0;
};
