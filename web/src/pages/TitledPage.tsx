/** A route whose screen belongs to the second part of the console: its title, in the shell. */
import { useTranslation } from 'react-i18next';
import type { PageKey } from '../app/routes.js';
import { PageFrame, PageHeader } from '../ui/Page.js';

export default function TitledPage({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  return (
    <PageFrame>
      <PageHeader title={t(`web.pages.${page}`)} />
    </PageFrame>
  );
}
