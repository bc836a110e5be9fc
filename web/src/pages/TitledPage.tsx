/** A route whose screen belongs to a later part of the console: its title and a word that it is not there yet. */
import { useTranslation } from 'react-i18next';
import type { PageKey } from '../app/routes.js';
import { PageFrame, PageHeader, Paper } from '../ui/Page.js';

export default function TitledPage({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  return (
    <PageFrame>
      <PageHeader title={t(`web.pages.${page}`)} />
      <Paper>
        <p style={{ padding: 16 }} data-not-available>
          {t('web.common.notAvailable')}
        </p>
      </Paper>
    </PageFrame>
  );
}
