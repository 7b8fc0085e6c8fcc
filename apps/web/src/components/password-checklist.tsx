import { List, Text, VisuallyHidden } from '@mantine/core';
import { PASSWORD_RULE_MESSAGES, PASSWORD_RULES, passwordIssues, type PasswordRule } from '@mutua/contracts/password';

/** The rules shown under a new-password field (the length ceiling only once it is broken). */
const SHOWN: PasswordRule[] = PASSWORD_RULES.filter((r) => r !== 'maxLength');

/**
 * The password rule of contracts as a checklist that follows what is typed.
 * Use it as the field's description (`passwordChecklistProps(value)`), so it is read with the field
 * (aria-describedby), not announced at each keystroke.
 */
export function PasswordChecklist({ value }: { value: string }) {
  const issues = new Set(passwordIssues(value));
  const rules = issues.has('maxLength') ? PASSWORD_RULES : SHOWN;
  return (
    <>
      <Text component="span" display="block" size="sm" fw={500} mb={4}>
        Votre mot de passe doit contenir&nbsp;:
      </Text>
      <List size="sm" spacing={2} listStyleType="none" data-testid="password-checklist">
        {rules.map((rule) => {
          const ok = value.length > 0 && !issues.has(rule);
          return (
            <List.Item key={rule} c={ok ? 'teal.9' : 'gray.7'} data-ok={ok}>
              <span aria-hidden="true">{ok ? '✓ ' : '○ '}</span>
              {PASSWORD_RULE_MESSAGES[rule]}
              <VisuallyHidden>{ok ? '\u00a0: respecté' : '\u00a0: non respecté'}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </>
  );
}

/** Props of a Mantine PasswordInput that show the checklist under the field (after its error). */
export function passwordChecklistProps(value: string) {
  return {
    description: <PasswordChecklist value={value} />,
    descriptionProps: { component: 'div' },
    inputWrapperOrder: ['label', 'input', 'error', 'description'] as ('label' | 'input' | 'error' | 'description')[],
  };
}
