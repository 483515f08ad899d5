import type { CatalogFileInput } from '../contract/catalog-file.ts';
import {
  type Calendar,
  TAGS,
  arenaEvent,
  chamberEvent,
  freeEvent,
  groupTourEvent,
  museumEvent,
  namedTicketEvent,
  notYetOnSaleEvent,
  pushkinAndOrdinaryEvent,
  pushkinOnlyEvent,
  soldOutEvent,
  soonOnSaleEvent,
  subscriptionEvent,
  symphonyEvent,
} from './demo-events.ts';
import { arena, concertHall } from './demo-halls.ts';
import { PRIVACY_POLICY, PURCHASE_TERMS, same, t } from './demo-text.ts';

// Moscow has kept +03:00 all year since 2014, so a fixed offset is exact for the demo venue.
const MOSCOW_OFFSET_MS = 3 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** Days counted in Moscow from `now`, so 'tomorrow' is the venue's tomorrow wherever the server runs. */
export function demoCalendar(now: Date): Calendar {
  const day = (offset: number) => new Date(now.getTime() + MOSCOW_OFFSET_MS + offset * DAY_MS).toISOString().slice(0, 10);
  return { day, at: (offset, time) => `${day(offset)}T${time}:00+03:00` };
}

function menus(): Pick<CatalogFileInput, 'kinds' | 'mainMenus' | 'subMenus'> {
  return {
    kinds: [
      // Six per page, so the museum listing shows 'Load next N of M' (it has eight events).
      {
        id: 1,
        typeId: 1,
        sortnum: 1,
        name: t('Билеты в музей', 'Museum tickets', 'Музейге билеттер', '博物馆门票'),
        columnCount: 3,
        rowCount: 6,
      },
      { id: 2, typeId: 3, sortnum: 2, name: t('Концерты', 'Concerts', 'Концерттер', '音乐会'), columnCount: 3 },
      {
        id: 3,
        typeId: 2,
        sortnum: 3,
        name: t('Абонементы', 'Season passes', 'Абонементтер', '套票'),
        columnCount: 2,
        showFilterCalendar: false,
      },
    ],
    mainMenus: [
      {
        id: 11,
        kindId: 1,
        sortnum: 1,
        name: t('Выставки', 'Exhibitions', 'Көрмелер', '展览'),
        showImage: true,
        imageUrl: '/static/demo/museum.svg',
      },
      {
        id: 12,
        kindId: 1,
        sortnum: 2,
        name: t('Экскурсии и лекции', 'Tours and lectures', 'Экскурсиялар мен дәрістер', '导览与讲座'),
        showImage: true,
        imageUrl: '/static/demo/group-tour.svg',
      },
      { id: 21, kindId: 2, sortnum: 1, name: t('Классическая музыка', 'Classical music', 'Классикалық музыка', '古典音乐') },
      { id: 22, kindId: 2, sortnum: 2, name: t('Эстрада и шоу', 'Pop and shows', 'Эстрада және шоу', '流行与演出') },
      { id: 31, kindId: 3, sortnum: 1, name: t('Абонементы сезона', 'Season passes', 'Маусым абонементтері', '季票') },
    ],
    subMenus: [
      { id: 111, mainMenuId: 11, sortnum: 1, name: t('Постоянная экспозиция', 'Permanent collection', 'Тұрақты экспозиция', '常设展') },
      { id: 112, mainMenuId: 11, sortnum: 2, name: t('Временные выставки', 'Temporary exhibitions', 'Уақытша көрмелер', '临时展览') },
      { id: 121, mainMenuId: 12, sortnum: 1, name: t('Групповые экскурсии', 'Group tours', 'Топтық экскурсиялар', '团体导览') },
      {
        id: 122,
        mainMenuId: 12,
        sortnum: 2,
        name: t('Тематические программы', 'Themed programmes', 'Тақырыптық бағдарламалар', '主题活动'),
      },
      { id: 211, mainMenuId: 21, sortnum: 1, name: t('Симфоническая музыка', 'Symphonic music', 'Симфониялық музыка', '交响乐') },
      { id: 212, mainMenuId: 21, sortnum: 2, name: t('Камерная музыка', 'Chamber music', 'Камералық музыка', '室内乐') },
    ],
  };
}

function venuesAndTags(): Pick<CatalogFileInput, 'venues' | 'tags'> {
  return {
    venues: [
      {
        id: 1,
        name: t('Музей истории города', 'City History Museum', 'Қала тарихы мұражайы', '城市历史博物馆'),
        address: t(
          'Москва, ул. Пречистенка, 12',
          '12 Prechistenka St, Moscow',
          'Мәскеу, Пречистенка к-сі, 12',
          '莫斯科普列奇斯坚卡街 12 号',
        ),
        mapUrl: 'https://yandex.ru/maps/?pt=37.5977,55.7417&z=17&l=map',
      },
      {
        id: 2,
        name: t('Концертный зал «Гармония»', 'Harmony Concert Hall', '«Гармония» концерт залы', '“和谐”音乐厅'),
        address: t('Москва, Тверская ул., 31', '31 Tverskaya St, Moscow', 'Мәскеу, Тверская к-сі, 31', '莫斯科特维尔大街 31 号'),
        mapUrl: 'https://yandex.ru/maps/?pt=37.5988,55.7699&z=17&l=map',
      },
      {
        id: 3,
        name: t('Арена «Северное сияние»', 'Northern Lights Arena', '«Солтүстік шұғыласы» аренасы', '“北极光”体育馆'),
        address: t(
          'Москва, Ленинградский пр-т, 36',
          '36 Leningradsky Ave, Moscow',
          'Мәскеу, Ленинград даңғ., 36',
          '莫斯科列宁格勒大街 36 号',
        ),
        mapUrl: 'https://yandex.ru/maps/?pt=37.5593,55.7915&z=16&l=map',
      },
    ],
    tags: [
      { id: TAGS.children, name: t('Для детей', 'For children', 'Балаларға', '适合儿童') },
      { id: TAGS.pushkin, name: t('Пушкинская карта', 'Pushkin card', 'Пушкин картасы', '普希金卡') },
      { id: TAGS.free, name: t('Бесплатно', 'Free', 'Тегін', '免费') },
      { id: TAGS.new, name: t('Новинка', 'New', 'Жаңа', '新品') },
      { id: TAGS.classics, name: t('Классика', 'Classics', 'Классика', '经典') },
      { id: TAGS.tour, name: t('Экскурсия', 'Tour', 'Экскурсия', '导览') },
      { id: TAGS.family, name: t('Всей семьёй', 'For the whole family', 'Бүкіл отбасымен', '全家同乐') },
      { id: TAGS.named, name: t('Именные билеты', 'Named tickets', 'Атаулы билеттер', '实名票') },
    ],
  };
}

function formsAndRules(): Pick<CatalogFileInput, 'checkboxes' | 'rules' | 'setup'> {
  return {
    checkboxes: [
      {
        id: 1,
        scope: 'order',
        sortnum: 1,
        required: true,
        url: same('/rules/purchase-terms'),
        name: t('Я принимаю условия покупки', 'I accept the terms of purchase', 'Мен сатып алу шарттарын қабылдаймын', '我接受购票条款'),
      },
      // The consent to the processing of personal data: a tick of its own, apart from the terms
      // of purchase (the offer), as the law wants; ticking it writes a row of the consent ledger.
      {
        id: 6,
        scope: 'order',
        sortnum: 2,
        required: true,
        consent: 'order',
        url: same('/rules/consent-order'),
        name: t(
          'Даю согласие на обработку персональных данных',
          'I consent to the processing of my personal data',
          'Дербес деректерімді өңдеуге келісім беремін',
          '我同意处理我的个人数据',
        ),
      },
      {
        id: 2,
        scope: 'order',
        sortnum: 3,
        required: false,
        consent: 'newsletter',
        url: same('/rules/consent-newsletter'),
        name: t(
          'Хочу получать рассылку об афише и скидках',
          'Send me news about events and discounts',
          'Афиша мен жеңілдіктер туралы жаңалықтар алғым келеді',
          '我希望接收活动和折扣资讯',
        ),
      },
      {
        id: 3,
        scope: 'nominal',
        sortnum: 1,
        required: true,
        consent: 'nominal',
        url: same('/rules/consent-nominal'),
        name: t(
          'Согласен на обработку персональных данных посетителей',
          "I consent to the processing of the visitors' personal data",
          'Келушілердің дербес деректерін өңдеуге келісемін',
          '我同意处理参观者的个人数据',
        ),
      },
      {
        id: 4,
        scope: 'nominal',
        eventId: 8,
        sortnum: 2,
        required: true,
        name: t(
          'Подтверждаю, что у каждого посетителя будет с собой указанный документ',
          'I confirm every visitor will bring the document given',
          'Әр келушіде көрсетілген құжат болатынын растаймын',
          '我确认每位参观者都将携带所填写的证件',
        ),
      },
      {
        id: 5,
        scope: 'return',
        sortnum: 1,
        required: true,
        name: t(
          'Понимаю, что возвращённые билеты станут недействительными',
          'I understand that returned tickets become invalid',
          'Қайтарылған билеттер жарамсыз болатынын түсінемін',
          '我了解退票后门票将失效',
        ),
      },
    ],
    rules: [
      {
        id: 1,
        slug: 'purchase-terms',
        sortnum: 1,
        name: t('Условия покупки', 'Terms of purchase', 'Сатып алу шарттары', '购票条款'),
        body: PURCHASE_TERMS,
      },
      {
        id: 2,
        slug: 'privacy-policy',
        sortnum: 2,
        name: t('Политика конфиденциальности', 'Privacy policy', 'Құпиялылық саясаты', '隐私政策'),
        body: PRIVACY_POLICY,
      },
    ],
    setup: {
      db: {
        rules: [
          { url: '/rules/purchase-terms', infname: t('Условия покупки', 'Terms of purchase', 'Сатып алу шарттары', '购票条款') },
          { url: '/rules/privacy-policy', infname: t('Политика конфиденциальности', 'Privacy policy', 'Құпиялылық саясаты', '隐私政策') },
        ],
        info_contact: {
          email: 'tickets@example.org',
          phone: '+7 495 123-45-67',
          requisites: t(
            'ГБУК «Музей истории города», ИНН 7700000000',
            'City History Museum, TIN 7700000000',
            '«Қала тарихы мұражайы», СТН 7700000000',
            '城市历史博物馆，税号 7700000000',
          ),
          pushkin_url: 'https://www.culture.ru/pushkinskaya-karta',
          // The China entry of /contacts: the storefront in Chinese.
          china_url: '/?lang=ch',
        },
      },
    },
  };
}

/**
 * The demo catalog as a catalog file, every date counted from `now` so it never goes stale:
 * three kinds, a museum, a concert hall of 304 seats and an arena of 21,000, and an event for
 * each case the storefront must show (see docs/catalog-format.md, "The demo catalog").
 */
export function buildDemoCatalog(now: Date): CatalogFileInput {
  const calendar = demoCalendar(now);
  return {
    version: 1,
    ...menus(),
    ...venuesAndTags(),
    halls: [concertHall(), arena()],
    events: [
      museumEvent(calendar),
      groupTourEvent(calendar),
      freeEvent(calendar),
      notYetOnSaleEvent(calendar),
      soldOutEvent(calendar),
      pushkinAndOrdinaryEvent(calendar),
      pushkinOnlyEvent(calendar),
      namedTicketEvent(calendar),
      subscriptionEvent(calendar),
      symphonyEvent(calendar),
      chamberEvent(calendar),
      arenaEvent(calendar),
      soonOnSaleEvent(),
    ],
    ...formsAndRules(),
  };
}
