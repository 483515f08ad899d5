import type { Localized } from '../contract/common.ts';

/** A text in the four storefront languages, Russian first as the venue writes it. */
export function t(ru: string, en: string, kz: string, ch: string): Localized {
  return { ru, en, kz, ch };
}

/** The same path in every language, for images and links that do not depend on it. */
export function same(path: string): Localized {
  return { ru: path, en: path, kz: path, ch: path };
}

export const PURCHASE_TERMS = t(
  `<h2>Условия покупки билетов</h2>
<p>1. Билеты продаются через сайт на конкретную дату и время посещения. Оплата принимается банковской картой, через СБП и Пушкинской картой — для мероприятий, где это указано.</p>
<p>2. После выбора билетов заказ резервируется на время, указанное на странице заказа. Неоплаченный заказ отменяется автоматически, места возвращаются в продажу.</p>
<p>3. Электронный билет приходит на адрес электронной почты, указанный при покупке. Распечатывать билет не обязательно: на входе достаточно показать QR-код с экрана телефона.</p>
<p>4. Льготные билеты действуют только при предъявлении документа, подтверждающего право на льготу. Без документа посетитель доплачивает разницу в кассе.</p>
<p>5. Возврат билета возможен не позднее чем за 24 часа до начала сеанса, если иное не указано на странице мероприятия. Сервисный сбор возвращается только при отмене мероприятия.</p>
<p>6. Покупая билет, вы соглашаетесь с правилами посещения площадки.</p>`,
  `<h2>Terms of ticket purchase</h2>
<p>1. Tickets are sold online for a specific date and time of visit. We accept bank cards, the Faster Payments System and the Pushkin card for events that allow it.</p>
<p>2. Once you choose your tickets, the order is reserved for the time shown on the order page. An unpaid order is cancelled automatically and its places go back on sale.</p>
<p>3. The e-ticket is sent to the e-mail address given at purchase. There is no need to print it: show the QR code on your phone at the entrance.</p>
<p>4. Concession tickets are valid only with a document proving the right to the concession. Without it, the visitor pays the difference at the box office.</p>
<p>5. A ticket can be returned no later than 24 hours before the session starts unless the event page says otherwise. The service fee is refunded only if the event is cancelled.</p>
<p>6. By buying a ticket you accept the venue's visiting rules.</p>`,
  `<h2>Билет сатып алу шарттары</h2>
<p>1. Билеттер сайт арқылы нақты күн мен уақытқа сатылады. Төлем банк картасымен, ЖТЖ арқылы және көрсетілген іс-шаралар үшін Пушкин картасымен қабылданады.</p>
<p>2. Билеттер таңдалғаннан кейін тапсырыс тапсырыс бетінде көрсетілген уақытқа брондалады. Төленбеген тапсырыс автоматты түрде жойылып, орындар қайта сатылымға шығады.</p>
<p>3. Электрондық билет сатып алу кезінде көрсетілген электрондық поштаға жіберіледі. Билетті басып шығару міндетті емес: кіреберісте телефон экранындағы QR-кодты көрсету жеткілікті.</p>
<p>4. Жеңілдетілген билеттер жеңілдік құқығын растайтын құжат болғанда ғана жарамды. Құжат болмаса, келуші айырмашылықты кассада төлейді.</p>
<p>5. Егер іс-шара бетінде басқаша көрсетілмесе, билетті сеанс басталғанға дейін 24 сағаттан кешіктірмей қайтаруға болады. Қызмет ақысы тек іс-шара тоқтатылған жағдайда қайтарылады.</p>
<p>6. Билет сатып ала отырып, сіз алаңға келу ережелерімен келісесіз.</p>`,
  `<h2>购票条款</h2>
<p>1. 门票在网上按具体的参观日期和时间出售。支持银行卡、快速支付系统付款，指定活动可使用普希金卡。</p>
<p>2. 选票后，订单将保留至订单页面所示的时间。未付款的订单将自动取消，座位重新开放销售。</p>
<p>3. 电子票将发送至购票时填写的电子邮箱。无需打印门票：入场时出示手机屏幕上的二维码即可。</p>
<p>4. 优惠票须出示证明优惠资格的证件方可使用。无证件者须在售票处补足差价。</p>
<p>5. 除活动页面另有说明外，最迟可在场次开始前 24 小时退票。仅在活动取消时退还服务费。</p>
<p>6. 购票即表示您同意场馆的参观规则。</p>`,
);

export const PRIVACY_POLICY = t(
  `<h2>Политика обработки персональных данных</h2>
<p>Оператор обрабатывает персональные данные покупателей в соответствии с Федеральным законом № 152-ФЗ «О персональных данных».</p>
<p><b>Какие данные мы получаем:</b> фамилию, имя и отчество, телефон, адрес электронной почты, а для именных билетов — дату рождения, данные документа, страну и регион проживания.</p>
<p><b>Зачем:</b> чтобы оформить и отправить билеты, связаться с вами при переносе или отмене мероприятия и выполнить требования закона к именным билетам.</p>
<p>Данные хранятся на серверах в Российской Федерации не дольше, чем требуется для этих целей, и не передаются третьим лицам, кроме банка-эквайера для проведения оплаты.</p>
<p>Вы можете отозвать согласие на обработку данных, написав на адрес, указанный в разделе «Контакты».</p>`,
  `<h2>Personal data processing policy</h2>
<p>The operator processes buyers' personal data in accordance with Federal Law No. 152-FZ "On Personal Data".</p>
<p><b>What we collect:</b> your full name, phone number and e-mail address, and for named tickets your date of birth, document details, country and region of residence.</p>
<p><b>Why:</b> to issue and send your tickets, to contact you if an event is moved or cancelled, and to meet the legal requirements for named tickets.</p>
<p>The data is stored on servers in the Russian Federation no longer than these purposes require and is not shared with third parties except the acquiring bank that processes the payment.</p>
<p>You may withdraw your consent by writing to the address given on the Contacts page.</p>`,
  `<h2>Дербес деректерді өңдеу саясаты</h2>
<p>Оператор сатып алушылардың дербес деректерін «Дербес деректер туралы» № 152-ФЗ Федералдық заңға сәйкес өңдейді.</p>
<p><b>Қандай деректер алынады:</b> тегі, аты, әкесінің аты, телефон, электрондық пошта, ал атаулы билеттер үшін — туған күні, құжат деректері, тұратын елі мен өңірі.</p>
<p><b>Не үшін:</b> билеттерді ресімдеу және жіберу, іс-шара ауыстырылған не тоқтатылған жағдайда сізбен байланысу және атаулы билеттерге қойылатын заң талаптарын орындау үшін.</p>
<p>Деректер Ресей Федерациясындағы серверлерде осы мақсаттарға қажетті мерзімнен артық сақталмайды және төлемді жүргізетін эквайер-банктен басқа үшінші тұлғаларға берілмейді.</p>
<p>«Байланыс» бөлімінде көрсетілген мекенжайға жазып, деректерді өңдеуге берген келісіміңізді қайтарып ала аласыз.</p>`,
  `<h2>个人数据处理政策</h2>
<p>运营方依照第 152-FZ 号联邦法律《个人数据法》处理购票人的个人数据。</p>
<p><b>我们收集的数据：</b>姓名、电话、电子邮箱；实名票还需出生日期、证件信息、居住国家和地区。</p>
<p><b>用途：</b>开具并发送门票，在活动改期或取消时与您联系，并满足法律对实名票的要求。</p>
<p>数据存储在俄罗斯联邦境内的服务器上，保存期限不超过上述用途所需，除用于处理付款的收单银行外，不向任何第三方提供。</p>
<p>您可以通过“联系方式”页面所列地址来信撤回对数据处理的同意。</p>`,
);
