import type { CatalogEventInput } from '../contract/catalog-file.ts';
import type { Localized } from '../contract/common.ts';
import { ARENA_ZONES, CONCERT_ZONES } from './demo-halls.ts';
import { same, t } from './demo-text.ts';

/** Days and times of the demo, relative to the day the demo is built. */
export type Calendar = {
  /** 'YYYY-MM-DD' in Moscow, `offset` days after today. */
  day(offset: number): string;
  /** ISO 8601 date-time in Moscow (+03:00), `offset` days after today. */
  at(offset: number, time: string): string;
};

type SessionInput = NonNullable<CatalogEventInput['sessions']>[number];

/** Sessions on the given days at the given times, with ids eventId * 1000 + n so they stay stable. */
function sessions(calendar: Calendar, eventId: number, days: number[], times: string[], extra: Partial<SessionInput> = {}): SessionInput[] {
  let n = 0;
  return days.flatMap((d) => times.map((time) => ({ id: eventId * 1000 + ++n, startsAt: calendar.at(d, time), ...extra })));
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const image = (name: string) => same(`/static/demo/${name}.svg`);
/** The info link (descript_url): the venue's own page about the event in each language, on a reserved example domain. */
const venuePage = (site: 'museum.example' | 'harmony-hall.example', path: string): Localized => ({
  ru: `https://${site}/ru/${path}`,
  en: `https://${site}/en/${path}`,
  kz: `https://${site}/kk/${path}`,
  ch: `https://${site}/zh/${path}`,
});

export const TAGS = { children: 1, pushkin: 2, free: 3, new: 4, classics: 5, tour: 6, family: 7, named: 8 } as const;

/** An ordinary timed-entry museum ticket: several categories, several times a day, fees and a family minimum. */
export function museumEvent(c: Calendar): CatalogEventInput {
  return {
    id: 1,
    hash: 'city-through-centuries',
    kindId: 1,
    mainMenuId: 11,
    subMenuId: 111,
    venueId: 1,
    sortnum: 1,
    name: t(
      'Постоянная экспозиция «Город сквозь века»',
      'Permanent exhibition "The City Through the Centuries"',
      '«Ғасырлар бойғы қала» тұрақты экспозициясы',
      '常设展览《穿越世纪的城市》',
    ),
    description: t(
      '<p>Восемь залов рассказывают историю города от первого поселения до <b>наших дней</b>: археологические находки, купеческий быт, старые карты и фотографии.</p><p>Подробнее о маршруте — на <a href="https://example.org/museum/route">сайте музея</a>.</p>',
      '<p>Eight halls tell the city\'s story from the first settlement to <b>the present day</b>: archaeological finds, merchant life, old maps and photographs.</p><p>More about the route on the <a href="https://example.org/museum/route">museum website</a>.</p>',
      '<p>Сегіз зал алғашқы қоныстан <b>бүгінгі күнге</b> дейінгі қала тарихын баяндайды: археологиялық олжалар, көпестер тұрмысы, ескі карталар мен фотосуреттер.</p><p>Маршрут туралы толығырақ — <a href="https://example.org/museum/route">музей сайтында</a>.</p>',
      '<p>八个展厅讲述了这座城市从最初的定居点到<b>今天</b>的历史：考古发现、商人生活、古老的地图和照片。</p><p>路线详情请见<a href="https://example.org/museum/route">博物馆网站</a>。</p>',
    ),
    location: t('Главное здание, 2 этаж', 'Main building, 2nd floor', 'Бас ғимарат, 2-қабат', '主楼二层'),
    note: t(
      'Вход за 15 минут до начала сеанса',
      'Entry opens 15 minutes before the session',
      'Кіру сеанс басталардан 15 минут бұрын',
      '场次开始前 15 分钟入场',
    ),
    descriptionUrl: venuePage('museum.example', 'exhibitions/city-through-centuries'),
    imageUrl: image('museum'),
    orderLimit: 8,
    priceRows: 3,
    tagIds: [TAGS.children, TAGS.family],
    categories: [
      { id: 101, sortnum: 1, name: t('Взрослый', 'Adult', 'Ересек', '成人') },
      {
        id: 102,
        sortnum: 2,
        name: t('Детский (7–17 лет)', 'Child (7–17)', 'Балалар (7–17 жас)', '儿童（7–17 岁）'),
        description: t(
          'Дети до 7 лет — бесплатно, без билета',
          'Children under 7 go free, no ticket needed',
          '7 жасқа дейінгі балалар — тегін, билетсіз',
          '7 岁以下儿童免费，无需门票',
        ),
      },
      {
        id: 103,
        sortnum: 3,
        name: t('Студенческий', 'Student', 'Студенттік', '学生'),
        description: t('При предъявлении студенческого билета', 'With a student card', 'Студенттік билетті көрсеткенде', '凭学生证'),
      },
      {
        id: 104,
        sortnum: 4,
        name: t('Пенсионный', 'Pensioner', 'Зейнеткерлік', '退休人员'),
        description: t(
          'При предъявлении пенсионного удостоверения',
          'With a pension certificate',
          'Зейнеткерлік куәлікті көрсеткенде',
          '凭退休证',
        ),
      },
      {
        id: 105,
        sortnum: 5,
        name: t('Семейный (от 3 человек)', 'Family (3 people or more)', 'Отбасылық (3 адамнан бастап)', '家庭票（3 人起）'),
      },
      {
        id: 106,
        sortnum: 6,
        name: t('Взрослый с аудиогидом', 'Adult with audio guide', 'Аудиогидпен ересек', '成人（含语音导览）'),
        description: t('Аудиогидов на сеанс — 10', '10 audio guides per session', 'Бір сеансқа 10 аудиогид', '每场 10 台语音导览'),
      },
    ],
    sessions: sessions(c, 1, range(1, 14), ['10:00', '12:00', '14:00', '16:00'], { capacity: 200 }),
    prices: [
      { id: 101, categoryId: 101, amount: 50_000, serviceFee: 3_000, serviceFeeKind: 'amount', sortnum: 1 },
      { id: 102, categoryId: 102, amount: 20_000, sortnum: 2 },
      { id: 103, categoryId: 103, amount: 25_000, sortnum: 3 },
      { id: 104, categoryId: 104, amount: 25_000, sortnum: 4 },
      { id: 105, categoryId: 105, amount: 40_000, minQuantity: 3, sortnum: 5 },
      { id: 106, categoryId: 106, amount: 70_000, serviceFee: 500, serviceFeeKind: 'percent', quantityLimit: 10, sortnum: 6 },
    ],
  };
}

/**
 * A group excursion: group tickets admit 15 or 25 people, two groups per slot; single visitors may
 * join. Its tickets carry no code (ticket type 2): the guide meets the group by the order number.
 */
export function groupTourEvent(c: Calendar): CatalogEventInput {
  return {
    id: 2,
    hash: 'museum-group-tour',
    kindId: 1,
    mainMenuId: 12,
    subMenuId: 121,
    venueId: 1,
    sortnum: 2,
    name: t('Обзорная экскурсия по музею', 'Guided tour of the museum', 'Музей бойынша шолу экскурсиясы', '博物馆导览'),
    description: t(
      '<p>Полуторачасовая экскурсия с экскурсоводом по главным залам музея.</p>',
      "<p>A ninety-minute guided tour of the museum's main halls.</p>",
      '<p>Музейдің басты залдары бойынша экскурсоводпен бір жарым сағаттық экскурсия.</p>',
      '<p>由讲解员带领、历时一个半小时的博物馆主要展厅游览。</p>',
    ),
    note: t(
      'Экскурсовод встречает группу у информационной стойки: назовите номер заказа',
      'The guide meets the group at the information desk: give your order number',
      'Экскурсовод топты ақпарат тұғырының жанында қарсы алады: тапсырыс нөмірін айтыңыз',
      '讲解员在服务台迎接团队：请报出订单号',
    ),
    imageUrl: image('group-tour'),
    orderLimit: 10,
    groupLimit: 1,
    ticketType: 2,
    tagIds: [TAGS.tour],
    categories: [
      { id: 201, sortnum: 1, name: t('Группа до 15 человек', 'Group of up to 15', '15 адамға дейінгі топ', '15 人以内团体') },
      {
        id: 202,
        sortnum: 2,
        name: t('Школьная группа до 25 человек', 'School group of up to 25', '25 адамға дейінгі мектеп тобы', '25 人以内学校团体'),
        description: t(
          'С двумя сопровождающими бесплатно',
          'Two accompanying adults go free',
          'Екі ересек ілесуші тегін',
          '两名陪同人员免费',
        ),
      },
      { id: 203, sortnum: 3, name: t('Участник сборной группы', 'Join a mixed group', 'Құрама топқа қатысушы', '拼团游客') },
    ],
    sessions: sessions(c, 2, range(1, 10), ['11:00', '15:00'], { capacity: 20, groupCapacity: 2 }),
    prices: [
      { id: 201, categoryId: 201, amount: 600_000, groupPasses: 15, sortnum: 1 },
      { id: 202, categoryId: 202, amount: 750_000, groupPasses: 25, sortnum: 2 },
      { id: 203, categoryId: 203, amount: 90_000, sortnum: 3 },
    ],
  };
}

/** A free event with whole-day tickets: sessions at 00:00 mean no time. */
export function freeEvent(c: Calendar): CatalogEventInput {
  return {
    id: 3,
    hash: 'sculpture-garden',
    kindId: 1,
    mainMenuId: 11,
    subMenuId: 112,
    venueId: 1,
    sortnum: 3,
    name: t(
      'Выставка под открытым небом «Сад скульптур»',
      'Open-air exhibition "Sculpture Garden"',
      '«Мүсіндер бағы» ашық аспан астындағы көрмесі',
      '露天展览《雕塑花园》',
    ),
    description: t(
      '<p>Работы современных скульпторов в музейном саду. Вход свободный, билет нужен для учёта посетителей.</p>',
      '<p>Works by contemporary sculptors in the museum garden. Admission is free; the ticket lets us count visitors.</p>',
      '<p>Музей бағындағы заманауи мүсіншілердің туындылары. Кіру тегін, билет келушілерді есепке алу үшін қажет.</p>',
      '<p>博物馆花园中的当代雕塑作品。免费入场，门票用于统计参观人数。</p>',
    ),
    imageUrl: image('open-air'),
    isFree: true,
    showQuant: false,
    tagIds: [TAGS.free, TAGS.family],
    categories: [{ id: 301, name: t('Бесплатный вход', 'Free admission', 'Тегін кіру', '免费入场') }],
    sessions: sessions(c, 3, range(1, 14), ['00:00'], { capacity: 500 }),
    prices: [{ id: 301, categoryId: 301, amount: 0 }],
  };
}

/** An event whose sales open in four days. */
export function notYetOnSaleEvent(c: Calendar): CatalogEventInput {
  return {
    id: 4,
    hash: 'treasures-of-the-east',
    kindId: 1,
    mainMenuId: 11,
    subMenuId: 112,
    venueId: 1,
    sortnum: 4,
    name: t('Выставка «Сокровища Востока»', 'Exhibition "Treasures of the East"', '«Шығыс қазыналары» көрмесі', '展览《东方珍宝》'),
    description: t(
      '<p>Фарфор, шёлк и бронза из частных собраний. Продажа билетов откроется скоро.</p>',
      '<p>Porcelain, silk and bronze from private collections. Tickets go on sale soon.</p>',
      '<p>Жеке коллекциялардағы фарфор, жібек және қола бұйымдар. Билет сатылымы жақында ашылады.</p>',
      '<p>来自私人收藏的瓷器、丝绸和青铜器。门票即将开售。</p>',
    ),
    descriptionUrl: venuePage('museum.example', 'exhibitions/treasures-of-the-east'),
    imageUrl: image('treasures'),
    saleStartsAt: c.at(4, '10:00'),
    tagIds: [TAGS.new],
    categories: [
      { id: 401, name: t('Взрослый', 'Adult', 'Ересек', '成人') },
      { id: 402, name: t('Детский', 'Child', 'Балалар', '儿童') },
    ],
    sessions: sessions(c, 4, range(21, 35), ['11:00', '15:00'], { capacity: 60 }),
    prices: [
      { id: 401, categoryId: 401, amount: 60_000 },
      { id: 402, categoryId: 402, amount: 30_000 },
    ],
  };
}

/**
 * A sold-out event. Its sessions have soldOutside = capacity: every place went at the museum's
 * box office, which is how a venue's file tells the storefront about sales it did not make.
 */
export function soldOutEvent(c: Calendar): CatalogEventInput {
  return {
    id: 5,
    hash: 'night-at-the-museum',
    kindId: 1,
    mainMenuId: 12,
    subMenuId: 122,
    venueId: 1,
    sortnum: 5,
    name: t('Ночь в музее', 'Night at the Museum', 'Музейдегі түн', '博物馆之夜'),
    // The script below is deliberate: the storefront must show this description sanitized.
    description: t(
      '<p>Залы при свечах, музыка и квесты до полуночи.</p><script>alert("demo: this must never run")</script>',
      '<p>Candle-lit halls, music and quests until midnight.</p><script>alert("demo: this must never run")</script>',
      '<p>Шам жарығындағы залдар, музыка және түн ортасына дейін квесттер.</p><script>alert("demo: this must never run")</script>',
      '<p>烛光展厅、音乐和解谜游戏，直到午夜。</p><script>alert("demo: this must never run")</script>',
    ),
    notice: t('Все билеты проданы', 'All tickets are sold', 'Барлық билеттер сатылды', '门票已售罄'),
    imageUrl: image('night'),
    ageFrom: 12,
    tagIds: [],
    categories: [{ id: 501, name: t('Входной билет', 'Admission', 'Кіру билеті', '门票') }],
    sessions: sessions(c, 5, [5, 12], ['19:00'], { capacity: 120, soldOutside: 120 }),
    prices: [{ id: 501, categoryId: 501, amount: 120_000 }],
  };
}

/**
 * A lecture payable by Pushkin card or ordinarily, with card-only, ordinary-only and any-payment
 * prices. Its tickets carry a barcode (ticket type 0), read by the lecture hall's scanner.
 */
export function pushkinAndOrdinaryEvent(c: Calendar): CatalogEventInput {
  return {
    id: 6,
    hash: 'avant-garde-lecture',
    kindId: 1,
    mainMenuId: 12,
    subMenuId: 122,
    venueId: 1,
    sortnum: 6,
    name: t(
      'Лекция «Русский авангард: от Малевича до Родченко»',
      'Lecture "Russian Avant-Garde: From Malevich to Rodchenko"',
      '«Орыс авангарды: Малевичтен Родченкоға дейін» дәрісі',
      '讲座《俄罗斯先锋派：从马列维奇到罗德琴科》',
    ),
    description: t(
      '<p>Искусствовед рассказывает о художниках, изменивших язык искусства XX века.</p>',
      '<p>An art historian on the artists who changed the language of 20th-century art.</p>',
      '<p>Өнертанушы XX ғасыр өнерінің тілін өзгерткен суретшілер туралы әңгімелейді.</p>',
      '<p>艺术史学家讲述改变了二十世纪艺术语言的艺术家们。</p>',
    ),
    imageUrl: image('avant-garde'),
    ageFrom: 14,
    usePushkinCard: true,
    registryEventId: 'demo-avant-garde-lecture',
    useOrdinaryCard: true,
    refundPolicy: 'culture-law',
    ticketType: 0,
    tagIds: [TAGS.pushkin],
    categories: [
      { id: 601, sortnum: 1, name: t('Взрослый', 'Adult', 'Ересек', '成人') },
      {
        id: 602,
        sortnum: 2,
        name: t(
          'По Пушкинской карте (14–22 года)',
          'Pushkin card (ages 14–22)',
          'Пушкин картасы бойынша (14–22 жас)',
          '普希金卡（14–22 岁）',
        ),
      },
      { id: 603, sortnum: 3, name: t('Студенческий', 'Student', 'Студенттік', '学生') },
    ],
    sessions: sessions(c, 6, [3, 10, 17], ['18:30'], { capacity: 80 }),
    prices: [
      { id: 601, categoryId: 601, amount: 60_000, pushkin: 2 },
      { id: 602, categoryId: 602, amount: 40_000, pushkin: 1 },
      { id: 603, categoryId: 603, amount: 35_000, pushkin: 0 },
    ],
  };
}

/** An immersive tour sold only for the Pushkin card. */
export function pushkinOnlyEvent(c: Calendar): CatalogEventInput {
  return {
    id: 7,
    hash: 'secrets-of-the-mansion',
    kindId: 1,
    mainMenuId: 12,
    subMenuId: 122,
    venueId: 1,
    sortnum: 7,
    name: t(
      'Иммерсивная экскурсия «Тайны старого особняка»',
      'Immersive tour "Secrets of the Old Mansion"',
      '«Ескі сарайдың құпиялары» иммерсивті экскурсиясы',
      '沉浸式游览《老宅的秘密》',
    ),
    description: t(
      '<p>Актёры в исторических костюмах проводят гостей по закрытым комнатам особняка. Только по Пушкинской карте.</p>',
      "<p>Actors in period costume lead guests through the mansion's closed rooms. Pushkin card only.</p>",
      '<p>Тарихи киім киген актерлер қонақтарды сарайдың жабық бөлмелері арқылы алып жүреді. Тек Пушкин картасы бойынша.</p>',
      '<p>身着历史服装的演员带领游客参观宅邸中不对外开放的房间。仅限普希金卡。</p>',
    ),
    imageUrl: image('mansion'),
    ageFrom: 14,
    usePushkinCard: true,
    registryEventId: 'demo-mansion-tour',
    useOrdinaryCard: false,
    refundPolicy: 'culture-law',
    tagIds: [TAGS.pushkin],
    categories: [{ id: 701, name: t('Молодёжный (14–22 года)', 'Youth (ages 14–22)', 'Жастар (14–22 жас)', '青年（14–22 岁）') }],
    sessions: sessions(c, 7, [2, 6, 9, 13, 16], ['19:00'], { capacity: 25 }),
    prices: [{ id: 701, categoryId: 701, amount: 90_000, pushkin: 1 }],
  };
}

/** Named tickets: every visitor gives a full name, birth date, document, country and region. */
export function namedTicketEvent(c: Calendar): CatalogEventInput {
  return {
    id: 8,
    hash: 'storage-vault-tour',
    kindId: 1,
    mainMenuId: 12,
    subMenuId: 122,
    venueId: 1,
    sortnum: 8,
    name: t('Экскурсия в фондохранилище', 'Tour of the museum storage vault', 'Қор сақтау қоймасына экскурсия', '博物馆库房参观'),
    description: t(
      '<p>Закрытая часть музея, куда пускают небольшими группами по именным билетам. Возьмите с собой документ, указанный в билете.</p>',
      '<p>A closed part of the museum open to small groups with named tickets. Bring the document named on your ticket.</p>',
      '<p>Музейдің жабық бөлігі, оған шағын топтар атаулы билеттермен кіреді. Билетте көрсетілген құжатты алып жүріңіз.</p>',
      '<p>博物馆的非开放区域，仅接待持实名票的小团体。请携带票面所列证件。</p>',
    ),
    imageUrl: image('storage'),
    ageFrom: 12,
    orderLimit: 4,
    ticketType: 1,
    tagIds: [TAGS.tour, TAGS.named],
    namedTickets: true,
    needAge: 2,
    needMiddleName: true,
    needDocument: true,
    needCountry: true,
    needRegion: true,
    categories: [
      { id: 801, name: t('Взрослый', 'Adult', 'Ересек', '成人') },
      { id: 802, name: t('Школьник (12–17 лет)', 'Pupil (ages 12–17)', 'Оқушы (12–17 жас)', '中学生（12–17 岁）') },
    ],
    sessions: sessions(c, 8, [4, 11, 18], ['12:00'], { capacity: 10 }),
    prices: [
      { id: 801, categoryId: 801, amount: 80_000 },
      { id: 802, categoryId: 802, amount: 40_000 },
    ],
  };
}

/** A season subscription whose composition is the two concerts of the concert hall. */
export function subscriptionEvent(c: Calendar): CatalogEventInput {
  return {
    id: 9,
    hash: 'classical-evenings-pass',
    kindId: 3,
    mainMenuId: 31,
    venueId: 2,
    sortnum: 1,
    name: t(
      'Абонемент «Вечера классической музыки»',
      'Season pass "Classical Music Evenings"',
      '«Классикалық музыка кештері» абонементі',
      '套票《古典音乐之夜》',
    ),
    description: t(
      '<p>Два концерта по цене одного с половиной: Чайковский и Рахманинов в Большом зале.</p>',
      '<p>Two concerts for the price of one and a half: Tchaikovsky and Rachmaninoff in the Main hall.</p>',
      '<p>Бір жарымның бағасына екі концерт: Үлкен залда Чайковский мен Рахманинов.</p>',
      '<p>一张半的价格享两场音乐会：大厅的柴可夫斯基与拉赫玛尼诺夫。</p>',
    ),
    imageUrl: image('subscription'),
    isSubscription: true,
    orderLimit: 4,
    tagIds: [TAGS.classics],
    categories: [
      { id: 901, name: t('Абонемент', 'Season pass', 'Абонемент', '套票') },
      { id: 902, name: t('Льготный абонемент', 'Concession pass', 'Жеңілдетілген абонемент', '优惠套票') },
    ],
    sessions: sessions(c, 9, [7], ['00:00'], { capacity: 50 }),
    prices: [
      { id: 901, categoryId: 901, amount: 500_000, forSubscription: true },
      { id: 902, categoryId: 902, amount: 350_000, forSubscription: true },
    ],
    subscriptionItems: [
      { eventId: 10, sortnum: 1, startsAt: c.at(7, '19:00') },
      { eventId: 11, sortnum: 2, startsAt: c.at(9, '19:30') },
    ],
  };
}

/** Seated concert in the 304-seat hall: prices per zone and a limited standing area. */
export function symphonyEvent(c: Calendar): CatalogEventInput {
  const adult = 1001;
  const concession = 1002;
  return {
    id: 10,
    hash: 'tchaikovsky-symphony-night',
    kindId: 2,
    mainMenuId: 21,
    subMenuId: 211,
    venueId: 2,
    hallId: 1,
    useSeatMap: true,
    sortnum: 1,
    name: t('Симфонический вечер: Чайковский', 'Symphony night: Tchaikovsky', 'Симфониялық кеш: Чайковский', '交响之夜：柴可夫斯基'),
    description: t(
      '<p>Симфония № 5 и Концерт для скрипки с оркестром. Дирижёр — <b>Анна Соколова</b>.</p>',
      '<p>Symphony No. 5 and the Violin Concerto. Conductor: <b>Anna Sokolova</b>.</p>',
      '<p>№ 5 симфония және скрипка мен оркестрге арналған концерт. Дирижер — <b>Анна Соколова</b>.</p>',
      '<p>第五交响曲与小提琴协奏曲。指挥：<b>安娜·索科洛娃</b>。</p>',
    ),
    descriptionUrl: venuePage('harmony-hall.example', 'concerts/tchaikovsky-symphony-night'),
    imageUrl: image('symphony'),
    ageFrom: 6,
    orderLimit: 6,
    returnHoursBefore: 24,
    tagIds: [TAGS.classics],
    categories: [
      { id: adult, sortnum: 1, name: t('Взрослый', 'Adult', 'Ересек', '成人') },
      {
        id: concession,
        sortnum: 2,
        name: t(
          'Льготный (студенты, пенсионеры)',
          'Concession (students, pensioners)',
          'Жеңілдетілген (студенттер, зейнеткерлер)',
          '优惠（学生、退休人员）',
        ),
      },
    ],
    sessions: sessions(c, 10, [7, 14, 21], ['19:00']),
    prices: [
      { id: 1001, categoryId: adult, zoneId: CONCERT_ZONES.stallsFront, amount: 350_000, serviceFee: 10_000 },
      { id: 1002, categoryId: concession, zoneId: CONCERT_ZONES.stallsFront, amount: 250_000, serviceFee: 10_000 },
      { id: 1003, categoryId: adult, zoneId: CONCERT_ZONES.stallsBack, amount: 250_000, serviceFee: 500, serviceFeeKind: 'percent' },
      { id: 1004, categoryId: concession, zoneId: CONCERT_ZONES.stallsBack, amount: 180_000, serviceFee: 500, serviceFeeKind: 'percent' },
      { id: 1005, categoryId: adult, zoneId: CONCERT_ZONES.balcony, amount: 150_000 },
      { id: 1006, categoryId: concession, zoneId: CONCERT_ZONES.balcony, amount: 100_000 },
      { id: 1007, categoryId: adult, zoneId: CONCERT_ZONES.danceFloor, amount: 120_000 },
    ],
  };
}

/** A second seated concert in the same hall, the other half of the subscription. */
export function chamberEvent(c: Calendar): CatalogEventInput {
  return {
    id: 11,
    hash: 'rachmaninoff-chamber-evening',
    kindId: 2,
    mainMenuId: 21,
    subMenuId: 212,
    venueId: 2,
    hallId: 1,
    useSeatMap: true,
    sortnum: 2,
    name: t('Камерный вечер: Рахманинов', 'Chamber evening: Rachmaninoff', 'Камералық кеш: Рахманинов', '室内乐之夜：拉赫玛尼诺夫'),
    description: t(
      '<p>Романсы и прелюдии в исполнении солистов филармонии.</p>',
      "<p>Romances and preludes performed by the philharmonic's soloists.</p>",
      '<p>Филармония солистерінің орындауындағы романстар мен прелюдиялар.</p>',
      '<p>爱乐乐团独奏家演绎浪漫曲与前奏曲。</p>',
    ),
    imageUrl: image('chamber'),
    ageFrom: 6,
    orderLimit: 6,
    tagIds: [TAGS.classics],
    categories: [{ id: 1101, name: t('Взрослый', 'Adult', 'Ересек', '成人') }],
    sessions: sessions(c, 11, [9, 23], ['19:30']),
    prices: [
      { id: 1101, categoryId: 1101, zoneId: CONCERT_ZONES.stallsFront, amount: 220_000 },
      { id: 1102, categoryId: 1101, zoneId: CONCERT_ZONES.stallsBack, amount: 160_000 },
      { id: 1103, categoryId: 1101, zoneId: CONCERT_ZONES.balcony, amount: 90_000 },
      { id: 1104, categoryId: 1101, zoneId: CONCERT_ZONES.danceFloor, amount: 80_000 },
    ],
  };
}

/** A stadium show on a 21,000-seat map with a fan zone: the performance case. */
export function arenaEvent(c: Calendar): CatalogEventInput {
  return {
    id: 12,
    hash: 'northern-lights-festival',
    kindId: 2,
    mainMenuId: 22,
    venueId: 3,
    hallId: 2,
    useSeatMap: true,
    sortnum: 3,
    name: t(
      'Большой летний концерт «Северное сияние»',
      'Summer concert "Northern Lights"',
      '«Солтүстік шұғыласы» үлкен жазғы концерті',
      '夏季大型音乐会《北极光》',
    ),
    description: t(
      '<p>Звёзды эстрады, световое шоу и фан-зона у сцены.</p>',
      '<p>Pop stars, a light show and a fan zone by the stage.</p>',
      '<p>Эстрада жұлдыздары, жарық шоуы және сахна жанындағы фан-аймақ.</p>',
      '<p>流行巨星、灯光秀和舞台旁的粉丝区。</p>',
    ),
    imageUrl: image('arena'),
    ageFrom: 12,
    orderLimit: 6,
    reserveMinutes: 10,
    refundPolicy: 'culture-law',
    tagIds: [TAGS.new],
    categories: [{ id: 1201, name: t('Входной билет', 'Admission', 'Кіру билеті', '门票') }],
    sessions: sessions(c, 12, [20, 27], ['20:00']),
    prices: [
      { id: 1201, categoryId: 1201, zoneId: ARENA_ZONES.lower, amount: 600_000, serviceFee: 1_000, serviceFeeKind: 'percent' },
      { id: 1202, categoryId: 1201, zoneId: ARENA_ZONES.middle, amount: 400_000, serviceFee: 1_000, serviceFeeKind: 'percent' },
      { id: 1203, categoryId: 1201, zoneId: ARENA_ZONES.upper, amount: 250_000, serviceFee: 1_000, serviceFeeKind: 'percent' },
      { id: 1204, categoryId: 1201, zoneId: ARENA_ZONES.fanZone, amount: 450_000, serviceFee: 1_000, serviceFeeKind: 'percent' },
    ],
  };
}

/**
 * A concert announced before its dates are set: no session yet and no sale date, so the listing
 * shows it 'soon on sale' (totalticketcount -99999 with no saledate). Categories, prices and
 * sessions come with a later import of the venue's file.
 */
export function soonOnSaleEvent(): CatalogEventInput {
  return {
    id: 13,
    hash: 'stars-of-jazz',
    kindId: 2,
    mainMenuId: 22,
    venueId: 2,
    sortnum: 4,
    name: t('Концерт «Звёзды джаза»', 'Concert "Stars of Jazz"', '«Джаз жұлдыздары» концерті', '音乐会《爵士之星》'),
    description: t(
      '<p>Большой джазовый оркестр и приглашённые солисты. Даты и программа уточняются, продажа билетов начнётся скоро.</p>',
      '<p>A big jazz band with guest soloists. Dates and programme are being finalised; tickets go on sale soon.</p>',
      '<p>Үлкен джаз оркестрі және шақырылған солистер. Күндері мен бағдарламасы нақтыланып жатыр, билет сатылымы жақында басталады.</p>',
      '<p>大型爵士乐团携特邀独奏家登台。日期和曲目正在确定中，门票即将开售。</p>',
    ),
    descriptionUrl: venuePage('harmony-hall.example', 'concerts/stars-of-jazz'),
    imageUrl: image('jazz'),
    ageFrom: 6,
    tagIds: [TAGS.new],
  };
}
