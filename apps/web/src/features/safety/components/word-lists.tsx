import { SAFETY_RULE_KINDS, type User } from '@rally/shared';
import { Search } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input';
import { AddRuleForm } from './add-rule-form';
import { RuleGroup } from './rule-group';

/** The blocked, flagged and allowed lists with a form to add to them and one search over all three. */
export function WordLists({ user }: { user: User }) {
  const { t } = useTranslation();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  return (
    <section className="space-y-4" aria-label={t('safety.sections.words')}>
      <AddRuleForm user={user} />
      <div className="space-y-1.5">
        <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
          {t('safety.words.search')}
        </label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-3.5 left-3.5 size-4 text-slate-400"
          />
          <Input
            id={searchId}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('safety.words.searchPlaceholder')}
            className="pl-10"
          />
        </div>
      </div>
      {SAFETY_RULE_KINDS.map((kind) => (
        <RuleGroup key={kind} user={user} kind={kind} search={deferred} />
      ))}
    </section>
  );
}
