import {
  SSO_MODES,
  SSO_PROTOCOLS,
  type SsoMode,
  type SsoProtocol,
  type SsoSettingsResponse,
} from '@rally/shared';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { RadioCards } from '../../../components/ui/radio-cards';
import { SelectListbox } from '../../../components/ui/select-listbox';
import { showToast } from '../../../lib/toast';
import { useRemoveSso, useSaveSso } from '../api/sso';
import { CheckRow } from './check-row';
import {
  CLAIM_PLACEHOLDERS,
  type FormState,
  initial,
  NONE,
  newRule,
  ROLE_KEYS,
  type Role,
  type Rule,
  requestOf,
  type SsoChoices,
} from './sso-form';
import { SamlMetadataFields, SamlProviderSummary, SamlServiceProvider } from './sso-saml-parts';

/**
 * Single sign-on on the Integrations tab (issue 24): the client's identity provider through OpenID Connect or SAML
 * 2.0 (Microsoft Entra ID, Okta, Google Workspace, Keycloak, AD FS…), what to register there, whether members must
 * use it, who keeps a password, and how the provider's groups give teams and roles. The OpenID Connect secret is
 * never shown: a stored one stays unless replaced.
 */
export function SsoSection({
  userId,
  data,
  choices,
}: {
  userId: string;
  data: SsoSettingsResponse;
  choices: SsoChoices;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState(() => initial(data.sso));
  const [isConfirming, setIsConfirming] = useState(false);
  const save = useSaveSso(userId);
  const remove = useRemoveSso(userId);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setRule = (key: number, patch: Partial<Rule>) =>
    setForm((f) => ({ ...f, rules: f.rules.map((r) => (r.key === key ? { ...r, ...patch } : r)) }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(requestOf(form), {
      onSuccess: (saved) => {
        setForm(initial(saved.sso));
        showToast(t('integrations.sso.saved'));
      },
    });
  };

  const teamOptions = [
    { value: NONE, label: t('integrations.sso.noTeam') },
    ...choices.teams.map((team) => ({ value: team.id, label: team.name })),
  ];
  const roleOptions = [
    { value: NONE, label: t('integrations.sso.noRole') },
    ...(['USER', 'ANALYST', 'ADMIN'] as const).map((role) => ({ value: role, label: t(ROLE_KEYS[role]) })),
  ];
  const adminOptions = [
    { value: NONE, label: t('integrations.sso.noBreakGlass') },
    ...choices.admins.map((a) => ({ value: a.id, label: a.email ? `${a.name} (${a.email})` : a.name })),
  ];

  return (
    <Card id="sso" className="scroll-mt-24 p-4 sm:p-6">
      <form onSubmit={onSubmit} noValidate className="space-y-6" aria-labelledby="sso-title">
        <div>
          <h3 id="sso-title" className="text-base font-semibold text-slate-900">
            {t('integrations.sso.title')}
          </h3>
          <p className="mt-1 text-sm text-slate-600">{t('integrations.sso.description')}</p>
        </div>

        <RadioCards<SsoProtocol>
          label={t('integrations.sso.protocol')}
          value={form.protocol}
          onChange={(value) => set('protocol', value)}
          options={SSO_PROTOCOLS.map((protocol) => ({
            value: protocol,
            label: (
              <span>
                <span className="block font-medium">{t(`integrations.sso.protocols.${protocol}`)}</span>
                <span className="block text-sm text-slate-600">
                  {t(`integrations.sso.protocols.${protocol}Hint`)}
                </span>
              </span>
            ),
          }))}
        />

        <div className="rounded-xl bg-slate-50 p-4 text-sm">
          {form.protocol === 'saml' ? (
            data.saml_sp ? (
              <SamlServiceProvider sp={data.saml_sp} />
            ) : (
              <p className="text-slate-600">{t('integrations.sso.noDomain')}</p>
            )
          ) : (
            <>
              <p className="font-medium text-slate-800">{t('integrations.sso.redirectUri')}</p>
              {data.redirect_uri ? (
                <p className="mt-1 break-all font-mono text-slate-700">{data.redirect_uri}</p>
              ) : (
                <p className="mt-1 text-slate-600">{t('integrations.sso.noDomain')}</p>
              )}
            </>
          )}
        </div>

        <CheckRow
          label={t('integrations.sso.enabled')}
          hint={t('integrations.sso.enabledHint')}
          checked={form.enabled}
          onChange={(value) => set('enabled', value)}
        />

        <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
          <Field label={t('integrations.sso.displayName')} hint={t('integrations.sso.displayNameHint')}>
            {(control) => (
              <Input
                {...control}
                value={form.displayName}
                onChange={(e) => set('displayName', e.target.value)}
              />
            )}
          </Field>
          {form.protocol === 'oidc' && (
            <>
              <Field
                label={t('integrations.sso.issuer')}
                hint={<span className="[overflow-wrap:anywhere]">{t('integrations.sso.issuerHint')}</span>}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="url"
                    inputMode="url"
                    value={form.issuer}
                    onChange={(e) => set('issuer', e.target.value)}
                  />
                )}
              </Field>
              <Field label={t('integrations.sso.clientId')}>
                {(control) => (
                  <Input
                    {...control}
                    value={form.clientId}
                    onChange={(e) => set('clientId', e.target.value)}
                  />
                )}
              </Field>
              <Field
                label={t('integrations.sso.clientSecret')}
                hint={
                  data.sso?.has_client_secret
                    ? t('integrations.sso.secretStored')
                    : t('integrations.sso.secretNone')
                }
              >
                {(control) => (
                  <Input
                    {...control}
                    type="password"
                    autoComplete="off"
                    value={form.clientSecret}
                    onChange={(e) => set('clientSecret', e.target.value)}
                  />
                )}
              </Field>
            </>
          )}
          {form.protocol === 'oidc' && (
            <Field label={t('integrations.sso.scopes')} hint={t('integrations.sso.scopesHint')}>
              {(control) => (
                <Input {...control} value={form.scopes} onChange={(e) => set('scopes', e.target.value)} />
              )}
            </Field>
          )}
          <Field label={t('integrations.sso.emailDomains')} hint={t('integrations.sso.emailDomainsHint')}>
            {(control) => (
              <Input
                {...control}
                value={form.emailDomains}
                onChange={(e) => set('emailDomains', e.target.value)}
              />
            )}
          </Field>
        </div>

        {form.protocol === 'saml' && (
          <fieldset className="min-w-0 space-y-4">
            <legend className="text-sm font-semibold text-slate-900">
              {t('integrations.sso.saml.metadata')}
            </legend>
            {data.sso?.saml && <SamlProviderSummary idp={data.sso.saml} />}
            <SamlMetadataFields
              url={form.metadataUrl}
              xml={form.metadataXml}
              hasSaved={data.sso?.saml != null}
              onUrl={(value) => set('metadataUrl', value)}
              onXml={(value) => set('metadataXml', value)}
            />
          </fieldset>
        )}

        <RadioCards<SsoMode>
          label={t('integrations.sso.mode')}
          value={form.mode}
          onChange={(value) => set('mode', value)}
          options={SSO_MODES.map((mode) => ({
            value: mode,
            label: (
              <span>
                <span className="block font-medium">{t(`integrations.sso.modes.${mode}`)}</span>
                <span className="block text-sm text-slate-600">
                  {t(`integrations.sso.modes.${mode}Hint`)}
                </span>
              </span>
            ),
          }))}
        />
        <SelectListbox
          label={t('integrations.sso.breakGlass')}
          options={adminOptions}
          value={form.breakGlass}
          onChange={(value) => set('breakGlass', value)}
        />
        <p className="-mt-4 text-sm text-slate-600">{t('integrations.sso.breakGlassHint')}</p>

        <CheckRow
          label={t('integrations.sso.allowSignUp')}
          hint={t('integrations.sso.allowSignUpHint')}
          checked={form.allowSignUp}
          onChange={(value) => set('allowSignUp', value)}
        />

        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">{t('integrations.sso.rules')}</legend>
          <p className="text-sm text-slate-600">{t('integrations.sso.rulesHint')}</p>
          {form.rules.map((rule, index) => (
            <div
              key={rule.key}
              className="grid grid-cols-1 items-end gap-3 rounded-xl border border-slate-200 p-3 md:grid-cols-[1fr_1fr_1fr_auto]"
            >
              <Field label={t('integrations.sso.group', { number: index + 1 })}>
                {(control) => (
                  <Input
                    {...control}
                    value={rule.group}
                    onChange={(e) => setRule(rule.key, { group: e.target.value })}
                  />
                )}
              </Field>
              <SelectListbox
                label={t('integrations.sso.ruleTeam')}
                options={teamOptions}
                value={rule.teamId}
                onChange={(value) => setRule(rule.key, { teamId: value })}
              />
              <SelectListbox
                label={t('integrations.sso.ruleRole')}
                options={roleOptions}
                value={rule.role}
                onChange={(value) => setRule(rule.key, { role: value as Role | typeof NONE })}
              />
              <Button
                type="button"
                variant="ghost"
                aria-label={t('integrations.sso.removeRule', { number: index + 1 })}
                onClick={() =>
                  set(
                    'rules',
                    form.rules.filter((r) => r.key !== rule.key),
                  )
                }
              >
                <Trash2 aria-hidden className="size-4" />
              </Button>
            </div>
          ))}
          <Button type="button" variant="secondary" onClick={() => set('rules', [...form.rules, newRule()])}>
            <Plus aria-hidden className="size-4" />
            {t('integrations.sso.addRule')}
          </Button>
        </fieldset>

        <details className="rounded-xl border border-slate-200 p-4">
          <summary className="cursor-pointer text-sm font-semibold text-slate-900">
            {t('integrations.sso.claims')}
          </summary>
          <p className="mt-2 text-sm text-slate-600">
            {t(
              form.protocol === 'saml'
                ? 'integrations.sso.saml.attributesHint'
                : 'integrations.sso.claimsHint',
            )}
          </p>
          <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2">
            {(['email', 'first_name', 'last_name', 'groups'] as const).map((name) => (
              <Field key={name} label={t(`integrations.sso.claim.${name}`)}>
                {(control) => (
                  <Input
                    {...control}
                    value={form.claims[name]}
                    placeholder={CLAIM_PLACEHOLDERS[form.protocol][name]}
                    onChange={(e) => set('claims', { ...form.claims, [name]: e.target.value })}
                  />
                )}
              </Field>
            ))}
          </div>
        </details>

        {save.isError && <Alert tone="error">{save.error.message}</Alert>}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" isLoading={save.isPending}>
            {t('integrations.sso.save')}
          </Button>
          {data.sso && (
            <Button type="button" variant="secondary" onClick={() => setIsConfirming(true)}>
              {t('integrations.sso.remove')}
            </Button>
          )}
        </div>
      </form>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('integrations.sso.removeTitle')}
        description={t('integrations.sso.removeText')}
        confirmLabel={t('integrations.sso.remove')}
        cancelLabel={t('integrations.sso.cancel')}
        isPending={remove.isPending}
        error={remove.isError ? remove.error.message : undefined}
        onClose={() => setIsConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setIsConfirming(false);
              setForm(initial(null));
              showToast(t('integrations.sso.removed'));
            },
          })
        }
      />
    </Card>
  );
}
