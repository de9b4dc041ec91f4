// The hosted payment page: the card is typed here, on the gateway, never on ShambaSoko.
import type { FastifyReply } from 'fastify';
import type { CardOrder } from './card-gateway';
import { escapeHtml, formatKsh, originOf, sendPage } from './html';

export interface CardForm {
  number?: string;
  expiry?: string;
  cvv?: string;
  name?: string;
}

export function returnUrl(order: CardOrder): string {
  const url = new URL(order.callbackUrl);
  url.searchParams.set('OrderTrackingId', order.trackingId);
  url.searchParams.set('OrderMerchantReference', order.merchantReference);
  url.searchParams.set('OrderNotificationType', 'CALLBACKURL');
  return url.toString();
}

const TEST_CARDS = [
  { number: '4111 1111 1111 1111', brand: 'Visa', result: 'approved' },
  { number: '5555 5555 5555 4444', brand: 'Mastercard', result: 'approved' },
  { number: '4000 0000 0000 0002', brand: 'Visa', result: 'declined' },
];

const money = (amount: number) =>
  Number.isInteger(amount)
    ? formatKsh(amount)
    : `${formatKsh(Math.trunc(amount))}.${String(Math.round((amount % 1) * 100)).padStart(2, '0')}`;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f3f5f8;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2330}
header{background:#14365d;color:#fff;padding:14px 20px;display:flex;align-items:center;justify-content:space-between}
header strong{font-size:17px;letter-spacing:.02em}
header span{font-size:12px;opacity:.8}
main{max-width:460px;margin:24px auto;padding:0 16px}
.card{background:#fff;border-radius:12px;box-shadow:0 2px 10px rgba(20,54,93,.1);padding:20px;margin-bottom:16px}
.merchant{display:flex;justify-content:space-between;align-items:baseline;gap:12px;border-bottom:1px solid #e4e8ee;padding-bottom:12px;margin-bottom:16px}
.merchant p{margin:0}
.merchant .name{font-weight:700}
.merchant .ref{font-size:13px;color:#5b6475}
.merchant .amount{font-size:20px;font-weight:700;white-space:nowrap}
label{display:block;font-weight:600;font-size:14px;margin:12px 0 4px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #b9c1cd;border-radius:8px}
input:focus{outline:2px solid #2f6fb3;outline-offset:1px;border-color:#2f6fb3}
input[aria-invalid=true]{border-color:#b3261e}
.row{display:flex;gap:12px}
.row>div{flex:1}
.field-error{color:#b3261e;font-size:13px;margin:4px 0 0}
button{width:100%;margin-top:18px;font:inherit;font-weight:700;font-size:16px;padding:12px;border:0;border-radius:8px;background:#1f7a3a;color:#fff;cursor:pointer}
button:hover{background:#196631}
.cancel{display:block;text-align:center;margin-top:12px;color:#2f5f94}
h2{font-size:15px;margin:0 0 8px}
table{width:100%;border-collapse:collapse;font-size:14px}
td{padding:6px 10px 6px 0;border-top:1px solid #eef1f5}
td:last-child{padding-right:0}
.nowrap{white-space:nowrap}
td.num{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;white-space:nowrap}
.note{font-size:13px;color:#5b6475;margin:8px 0 0}
.lock{font-size:12px;color:#5b6475;text-align:center;margin-top:10px}
.notice{text-align:center}
@media (max-width:420px){header span{display:none}table{font-size:13px}td.num{font-size:12px}td{padding-right:6px}}
`;

const frame = (content: string) =>
  `<header><strong>Card gateway sandbox</strong><span>Secure card payment</span></header><main>${content}</main>`;

export function renderCardPage(
  reply: FastifyReply,
  order: CardOrder | undefined,
  state: { form?: CardForm; errors?: Partial<Record<keyof CardForm, string>> },
  status = 200,
) {
  if (!order)
    return sendPage(reply, {
      title: 'Payment not found',
      style: STYLE,
      status: 404,
      body: frame(
        '<div class="card notice"><h1>Payment not found</h1><p>This payment link is not valid. Go back to the shop and try again.</p></div>',
      ),
    });
  const back = returnUrl(order);
  if (order.statusCode === 1)
    return sendPage(reply, {
      title: 'Payment complete',
      style: STYLE,
      status,
      body: frame(
        `<div class="card notice"><h1>Payment complete</h1><p>Ksh ${escapeHtml(money(order.amount))} was paid for ${escapeHtml(order.merchantReference)}.</p><a class="cancel" href="${escapeHtml(back)}">Back to ShambaSoko</a></div>`,
      ),
    });

  const errors = state.errors ?? {};
  const field = (name: keyof CardForm, label: string, attrs: string, keep: boolean) => {
    const error = errors[name];
    const value = keep && state.form?.[name] ? ` value="${escapeHtml(state.form[name])}"` : '';
    return `<div><label for="${name}">${label}</label><input id="${name}" name="${name}" ${attrs}${value}${error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''} required>${
      error ? `<p class="field-error" id="${name}-error">${escapeHtml(error)}</p>` : ''
    }</div>`;
  };
  const amount = escapeHtml(money(order.amount));
  const declinedBefore =
    order.statusCode === 2 ? '<p class="field-error" role="alert">The last card was declined. Try another card.</p>' : '';
  const body = frame(`<div class="card">
<div class="merchant"><div><p class="name">ShambaSoko</p><p class="ref">${escapeHtml(order.description)} · <span class="nowrap">${escapeHtml(order.merchantReference)}</span></p></div><p class="amount">Ksh ${amount}</p></div>
${declinedBefore}
<form method="post" action="/card/pay/${encodeURIComponent(order.trackingId)}" novalidate>
${field('number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 5678 9012 3456" maxlength="23"', false)}
<div class="row">${field('expiry', 'Expiry (MM/YY)', 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7"', true)}${field('cvv', 'CVV', 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4"', false)}</div>
${field('name', 'Name on card', 'autocomplete="cc-name" maxlength="80"', true)}
<button type="submit">Pay Ksh ${amount}</button>
</form>
<a class="cancel" href="${escapeHtml(back)}">Cancel payment</a>
<p class="lock">Your card details go to the payment gateway only, never to ShambaSoko.</p>
</div>
<div class="card"><h2>Test cards</h2><table><tbody>${TEST_CARDS.map(
    (c) => `<tr><td class="num">${c.number}</td><td>${c.brand}</td><td>${c.result}</td></tr>`,
  ).join('')}</tbody></table>
<p class="note">Any expiry date in the future, any 3-digit CVV, any name. Any other valid card number is approved.</p></div>`);
  return sendPage(reply, {
    title: `Pay Ksh ${money(order.amount)} to ShambaSoko`,
    style: STYLE,
    status,
    body,
    formTargets: originOf(order.callbackUrl),
  });
}
