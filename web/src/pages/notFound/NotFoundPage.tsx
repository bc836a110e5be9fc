/**
 * What an unknown address shows (a mistyped link, a page this version does not have): what
 * happened, the address itself, and where to go from here. Inside the shell when signed in.
 */
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useApi } from '../../app/api.js';
import { EmptyState } from '../../ui/EmptyState.js';

const Frame = styled.div`
  display: flex;
  min-height: 100%;
  padding: 24px 16px;
  code {
    overflow-wrap: anywhere;
  }
  nav {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: 16px;
    margin-top: 8px;
  }
`;

export default function NotFoundPage() {
  const { t } = useTranslation();
  const { user } = useApi();
  const { pathname } = useLocation();
  return (
    // A guest's page has no shell: it is its own main landmark.
    <Frame data-not-found as={user ? 'div' : 'main'}>
      <EmptyState icon="compass" title={t('web.notFound.title')}>
        {t('web.notFound.text')} <code>{pathname}</code>
        <nav aria-label={t('web.notFound.whereTo')}>
          {user ? (
            <>
              <Link to="/tickets">{t('web.notFound.toTickets')}</Link>
              <Link to="/">{t('web.notFound.toHome')}</Link>
            </>
          ) : (
            <Link to="/login">{t('web.notFound.toLogin')}</Link>
          )}
        </nav>
      </EmptyState>
    </Frame>
  );
}
