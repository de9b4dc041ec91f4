// PostCSS plugin for remotes: prefixes every utility rule with [data-mf="<remote>"], so a remote's
// stylesheet only styles its own area. Without it, a remote's `.grid` loaded after the shell's
// `lg:hidden` wins by source order and restyles the shell (same specificity, later sheet).
function scopeRemoteCss(name) {
  const scope = `[data-mf="${name}"]`;
  const inUtilitiesLayer = (node) => {
    for (let p = node.parent; p; p = p.parent) if (p.type === 'atrule' && p.name === 'layer' && p.params === 'utilities') return true;
    return false;
  };
  return {
    postcssPlugin: 'shambasoko-scope-remote-css',
    Once(root) {
      root.walkRules((rule) => {
        if (!inUtilitiesLayer(rule) || rule.parent?.type === 'rule') return;
        rule.selectors = rule.selectors.map((selector) => `${scope} ${selector}`);
      });
    },
  };
}
scopeRemoteCss.postcss = true;

module.exports = { scopeRemoteCss };
