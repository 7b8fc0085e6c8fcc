/**
 * French typography: a non-breaking space (U+00A0, or the narrow U+202F) before « : ; ? ! » and « € »,
 * so that a line never starts with the sign, in every text a member or staff member reads — the
 * screens, the mails, the PDFs and the API's messages. The rule reads string literals, template
 * texts and JSX text; it leaves SQL (sql`…`) alone, and punctuation glued to what follows (« ?q= »,
 * « :hover »), which is code, not prose. `eslint --fix` writes \u00a0 in strings and &nbsp; in JSX.
 */
const SIGNS = ':;?!€';
// A plain space, then a sign, then the end of the text, a space or closing punctuation.
const PLAIN_SPACE = new RegExp(` (?=[${SIGNS}](?:$|[\\s\\u00a0\\u202f)\\]»"'’.,<\`$}]))`, 'g');
const CODE_TAGS = new Set(['sql', 'css', 'html']);

function tagName(node) {
  const tag = node.parent?.type === 'TaggedTemplateExpression' ? node.parent.tag : null;
  if (!tag) return null;
  if (tag.type === 'Identifier') return tag.name;
  if (tag.type === 'MemberExpression' && tag.object.type === 'Identifier') return tag.object.name;
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    fixable: 'code',
    docs: { description: 'A non-breaking space before « : ; ? ! » and « € » in French texts.' },
    messages: { plainSpace: 'Espace insécable avant «\u00a0{{sign}}\u00a0» (\\u00a0 dans une chaîne, &nbsp; en JSX).' },
    schema: [],
  },
  create(context) {
    const source = context.sourceCode;
    /** Reports (and fixes) each plain space of the node's source text. */
    function check(node, replacement) {
      const text = source.getText(node);
      const start = node.range[0];
      for (const match of text.matchAll(PLAIN_SPACE)) {
        const at = start + match.index;
        context.report({
          node,
          loc: { start: source.getLocFromIndex(at), end: source.getLocFromIndex(at + 2) },
          messageId: 'plainSpace',
          data: { sign: text[match.index + 1] },
          fix: (fixer) => fixer.replaceTextRange([at, at + 1], replacement),
        });
      }
    }
    return {
      Literal(node) {
        if (typeof node.value !== 'string') return;
        // A JSX attribute's string knows entities, not escapes.
        check(node, node.parent?.type === 'JSXAttribute' ? '&nbsp;' : '\\u00a0');
      },
      TemplateLiteral(node) {
        if (CODE_TAGS.has(tagName(node))) return;
        for (const quasi of node.quasis) check(quasi, '\\u00a0');
      },
      JSXText(node) {
        check(node, '&nbsp;');
      },
    };
  },
};
