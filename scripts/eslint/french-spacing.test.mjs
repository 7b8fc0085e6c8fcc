import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import rule from './french-spacing.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } } });

tester.run('mutua/french-spacing', rule, {
  valid: [
    "const a = 'Votre code\\u00a0: 123456';",
    'const b = `${amount}\\u00a0€`;',
    'const c = <p>Une question&nbsp;?</p>;',
    "const d = flag ? 'oui' : 'non';",
    "const e = '/search?q=1';",
    "const f = 'a:hover';",
    'const g = sql`${table.details} ? ${key}`;',
    "const h = 'Contrat\u00a0: 12\u202f€';",
  ],
  invalid: [
    { code: "const a = 'Votre code : 123456';", output: "const a = 'Votre code\\u00a0: 123456';", errors: 1 },
    { code: 'const b = `${amount} €`;', output: 'const b = `${amount}\\u00a0€`;', errors: 1 },
    { code: 'const c = <p>Une question ?</p>;', output: 'const c = <p>Une question&nbsp;?</p>;', errors: 1 },
    { code: 'const d = <p title="Attention !">x</p>;', output: 'const d = <p title="Attention&nbsp;!">x</p>;', errors: 1 },
    { code: "const e = 'Bonjour ; au revoir !';", output: "const e = 'Bonjour\\u00a0; au revoir\\u00a0!';", errors: 2 },
  ],
});
