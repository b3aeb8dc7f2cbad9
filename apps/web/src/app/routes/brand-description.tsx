import { PRODUCT_NAME } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { useClient } from '../../lib/client';

/**
 * What the app is; without white-labelling it says the product turns brand people into influencers (SPEC 1). Both
 * name projects by the client's word (issue 23).
 */
export function useBrandDescription(): string {
  const { t } = useTranslation();
  const client = useClient();
  const projects = t('words.projects').toLocaleLowerCase();
  return client.config.white_label
    ? t('brand.whiteLabelDescription', { client: client.name, projects })
    : t('brand.description', { client: client.name, product: PRODUCT_NAME, projects });
}
