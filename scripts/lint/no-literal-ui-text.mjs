// Every word a person reads comes from a translation catalog, so Kiswahili never misses one: this rule
// refuses text written straight into JSX (a JSX text node, or a string in an attribute people read or
// hear) unless it has no letters at all ("·", "→", "%"), or is a name that no language changes.

/** Attributes that reach the eye or the screen reader. */
const READ_ATTRIBUTES = new Set(['placeholder', 'title', 'alt', 'aria-label', 'aria-description', 'aria-valuetext', 'label']);

/** Names and units kept as they are in both languages. */
const KEPT = new Set([
  'ShambaSoko',
  'M-Pesa',
  'Ksh',
  'KES',
  'SMS',
  'PIN',
  'OK',
  'CSV',
  'ID',
  'Visa',
  'Mastercard',
  'Firebase',
  'Google',
  'kg',
  'ha',
  'S',
]);

const hasWords = (text) => /\p{L}/u.test(text);
const kept = (text) => KEPT.has(text.trim());

/** Why a piece of text needs a catalog entry, or null when it may stay. */
export function literalProblem(text) {
  if (!hasWords(text) || kept(text)) return null;
  return `Hard-coded UI text "${text.trim().slice(0, 40)}": put it in the namespace's catalog (locales/en.json and sw.json) and show it with t().`;
}

export const noLiteralUiText = {
  meta: { type: 'problem', docs: { description: 'user-facing text in JSX comes from a translation catalog' }, schema: [] },
  create(context) {
    const report = (node, text) => {
      const problem = literalProblem(text);
      if (problem) context.report({ node, message: problem });
    };
    return {
      JSXText(node) {
        report(node, node.value);
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === 'string' ? node.name.name : '';
        if (!READ_ATTRIBUTES.has(name) || !node.value) return;
        if (node.value.type === 'Literal' && typeof node.value.value === 'string') report(node.value, node.value.value);
        const inner = node.value.type === 'JSXExpressionContainer' ? node.value.expression : null;
        if (inner?.type === 'Literal' && typeof inner.value === 'string') report(inner, inner.value);
        if (inner?.type === 'TemplateLiteral') for (const quasi of inner.quasis) report(quasi, quasi.value.cooked ?? '');
      },
      'JSXExpressionContainer > Literal'(node) {
        if (node.parent.parent?.type !== 'JSXAttribute' && typeof node.value === 'string') report(node, node.value);
      },
    };
  },
};
