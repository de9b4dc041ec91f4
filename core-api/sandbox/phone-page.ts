// The phone: an M-PESA PIN prompt per waiting STK push, answered with OK, Cancel or by letting it time out.
import type { FastifyInstance } from 'fastify';
import { nairobiClock } from '@shambasoko/contracts/time';
import type { createB2c } from './b2c';
import type { createDaraja } from './daraja';
import { escapeHtml, formatKsh, sendPage } from './html';

type Daraja = ReturnType<typeof createDaraja>;
type PhonePrompt = ReturnType<Daraja['forPhone']>[number];
type B2c = ReturnType<typeof createB2c>;
type Received = ReturnType<B2c['forPhone']>[number];

const MERCHANT = 'SHAMBASOKO';
const MERCHANT_NAME = 'ShambaSoko';
const ERRORS: Record<string, string> = {
  pin: 'Enter your 4-digit M-PESA PIN.',
  gone: 'That request is no longer waiting for a PIN.',
};

/** Changes when a prompt appears or is answered: the page script reloads then. */
const signature = (prompts: PhonePrompt[], received: Received[]) =>
  [...prompts.map((p) => `${p.id}:${p.status}`), ...received.map((r) => `${r.id}:received`)].join(',');
const displayPhone = (msisdn: string) => `+${msisdn.slice(0, 3)} ${msisdn.slice(3, 6)} ${msisdn.slice(6, 9)} ${msisdn.slice(9)}`;

function dialog(p: PhonePrompt, view: string): string {
  const action = (name: string) => `/phone/prompts/${encodeURIComponent(p.id)}/${name}`;
  const pinId = `pin-${escapeHtml(p.id)}`;
  return `<form class="dialog" method="post" action="${action('accept')}" data-prompt="${escapeHtml(p.id)}">
  <input type="hidden" name="view" value="${escapeHtml(view)}">
  ${!view ? `<p class="to">To ${escapeHtml(displayPhone(p.phone))}</p>` : ''}
  <p class="ask">Do you want to pay Ksh ${escapeHtml(formatKsh(p.amount))} to ${MERCHANT}? Account no. <span class="nowrap">${escapeHtml(p.account)}</span>.</p>
  <label for="${pinId}">Enter M-PESA PIN</label>
  <input id="${pinId}" name="pin" type="password" inputmode="numeric" pattern="[0-9]{4}" minlength="4" maxlength="4" required autocomplete="off">
  <div class="buttons">
    <button type="submit" formaction="${action('decline')}" formnovalidate class="cancel">Cancel</button>
    <button type="submit" class="ok">OK</button>
  </div>
  <button type="submit" formaction="${action('timeout')}" formnovalidate class="link">Let it time out</button>
</form>`;
}

function message(p: PhonePrompt): string {
  const amount = `Ksh${formatKsh(p.amount)}.00`;
  const text =
    p.status === 'accepted'
      ? `${p.receipt} Confirmed. ${amount} sent to ${MERCHANT} for account ${p.account}.`
      : p.status === 'declined'
        ? `You cancelled the request to pay ${amount} to ${MERCHANT} for account ${p.account}.`
        : `The request to pay ${amount} to ${MERCHANT} for account ${p.account} timed out.`;
  return `<li class="sms ${escapeHtml(p.status)}"><span class="from">M-PESA</span>${escapeHtml(text)}</li>`;
}

/** Money sent to the phone by B2C (a payout, a refund), as M-Pesa's SMS says it. */
function receivedMessage(r: Received): string {
  const text = `${r.receipt} Confirmed. You have received Ksh ${formatKsh(r.amount)} from ${MERCHANT_NAME}.`;
  return `<li class="sms received"><span class="from">M-PESA</span>${escapeHtml(text)}</li>`;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;
 background:#e8efe9;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f1c;padding:16px}
.phone{width:min(360px,100%);height:min(720px,calc(100vh - 80px));min-height:520px;background:#111;border-radius:44px;padding:14px;
 box-shadow:0 20px 50px rgba(0,0,0,.25),inset 0 0 0 2px #333;position:relative}
.phone::before{content:"";position:absolute;top:22px;left:50%;width:90px;height:22px;margin-left:-45px;background:#111;border-radius:12px;z-index:2}
.screen{height:100%;border-radius:32px;overflow:auto;background:linear-gradient(#2e7d32,#1b5e20 45%,#0d3b12);color:#fff;padding:52px 16px 20px}
.status{display:flex;justify-content:space-between;font-size:12px;opacity:.85;margin:-34px 6px 22px}
h1{font-size:18px;margin:0 0 4px;font-weight:600}
.number{font-size:13px;opacity:.8;margin:0 0 16px}
.dialog{background:#fff;color:#1b1f1c;border-radius:14px;padding:16px;margin:0 0 14px;box-shadow:0 6px 18px rgba(0,0,0,.3)}
.dialog .to{margin:0 0 6px;font-size:12px;color:#5a635c}
.dialog .ask{margin:0 0 12px}
.dialog label{display:block;font-weight:600;margin-bottom:6px}
.dialog input{width:100%;font-size:22px;letter-spacing:10px;text-align:center;padding:8px;border:2px solid #9aa59c;border-radius:8px}
.dialog input:focus{outline:none;border-color:#2e7d32}
.buttons{display:flex;gap:10px;margin-top:14px}
.buttons button{flex:1;font:inherit;font-weight:600;padding:10px;border-radius:8px;cursor:pointer;border:0}
.ok{background:#2e7d32;color:#fff}
.cancel{background:#eceeed;color:#1b1f1c}
.link{display:block;margin:12px auto 0;background:none;border:0;color:#2e6b99;text-decoration:underline;font:inherit;font-size:13px;cursor:pointer}
.error{background:#fdecea;color:#8a1c12;border-radius:8px;padding:8px 10px;margin:0 0 12px}
.empty{opacity:.85;text-align:center;margin:40px 8px}
ul{list-style:none;margin:0;padding:0}
.sms{background:rgba(255,255,255,.14);border-radius:12px;padding:10px 12px;margin:0 0 10px;font-size:13px}
.sms .from{display:block;font-weight:700;font-size:11px;letter-spacing:.05em;opacity:.85;margin-bottom:2px}
.nowrap{white-space:nowrap}
.note{font-size:12px;color:#4a544c;text-align:center;max-width:360px;margin:0}
`;

export function registerPhonePages(app: FastifyInstance, daraja: Daraja, b2c: B2c) {
  app.get('/phone/prompts.json', async (request) => {
    const { msisdn } = request.query as { msisdn?: string };
    const prompts = daraja.forPhone(msisdn || undefined);
    return { signature: signature(prompts, b2c.forPhone(msisdn || undefined)), prompts };
  });

  app.get('/phone/phone.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(PHONE_SCRIPT),
  );

  app.get('/phone', async (request, reply) => {
    const { msisdn, error } = request.query as { msisdn?: string; error?: string };
    const prompts = daraja.forPhone(msisdn || undefined);
    const allReceived = b2c.forPhone(msisdn || undefined);
    const received = allReceived.slice(0, 8);
    const waiting = prompts.filter((p) => p.status === 'waiting');
    const done = prompts.filter((p) => p.status !== 'waiting').slice(0, 8);
    const now = nairobiClock().toISOString().slice(11, 16);
    const body = `<main class="phone" aria-label="Phone"><div class="screen" id="screen" data-signature="${escapeHtml(signature(prompts, allReceived))}" data-msisdn="${escapeHtml(msisdn ?? '')}">
<div class="status"><span>Safaricom</span><span>${now}</span></div>
<h1>M-PESA</h1>
<p class="number">${msisdn ? escapeHtml(/^\d{12}$/.test(msisdn) ? displayPhone(msisdn) : msisdn) : 'Every phone number (sandbox)'}</p>
${error && ERRORS[error] ? `<p class="error" role="alert">${escapeHtml(ERRORS[error])}</p>` : ''}
${waiting.map((p) => dialog(p, msisdn ?? '')).join('\n')}
${prompts.length === 0 && received.length === 0 ? '<p class="empty">No payment requests yet. Pay for an order with M-Pesa and the PIN prompt appears here.</p>' : ''}
${done.length || received.length ? `<ul aria-label="Messages">${received.map(receivedMessage).join('')}${done.map(message).join('')}</ul>` : ''}
</div></main>
<p class="note">Payments sandbox: any 4-digit PIN is accepted. This page updates by itself.</p>`;
    return sendPage(reply, { title: 'M-PESA phone (sandbox)', style: STYLE, body, scripts: ['/phone/phone.js'] });
  });
}

// Reloads when a prompt appears or is answered, unless a PIN is being typed into a prompt still waiting.
const PHONE_SCRIPT = `(() => {
  const screen = document.getElementById('screen');
  if (!screen) return;
  const msisdn = screen.dataset.msisdn || '';
  const typing = () => {
    const el = document.activeElement;
    return el instanceof HTMLInputElement && el.name === 'pin' && el.value !== '';
  };
  const poll = async () => {
    try {
      const response = await fetch('/phone/prompts.json?msisdn=' + encodeURIComponent(msisdn), { cache: 'no-store' });
      const data = await response.json();
      if (data.signature !== screen.dataset.signature) {
        const active = document.activeElement && document.activeElement.closest('form');
        const stillWaiting = active && data.prompts.some((p) => p.id === active.dataset.prompt && p.status === 'waiting');
        if (!(typing() && stillWaiting)) {
          location.replace('/phone' + (msisdn ? '?msisdn=' + encodeURIComponent(msisdn) : ''));
          return;
        }
      }
    } catch {}
    setTimeout(poll, 1500);
  };
  setTimeout(poll, 1500);
})();
`;
