/** Frame of the public pages: language menu, the card, and the footer with copyright and version. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { APP_VERSION } from '@atende/shared';
import { LanguageMenu } from '../../app/LanguageMenu.js';

const Screen = styled.main`
  min-height: 100%;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 16px;
  padding: 56px 16px 24px;
  position: relative;
`;

const Corner = styled.div`
  position: absolute;
  top: 12px;
  right: 12px;
`;

const Card = styled.div`
  width: 100%;
  max-width: 420px;
  padding: 28px 28px 20px;
  background: ${({ theme }) => theme.paper};
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 12px;
  box-shadow: ${({ theme }) => theme.shadow};
  h1 {
    margin: 0 0 4px;
    font-size: 26px;
    text-align: center;
    color: ${({ theme }) => theme.accent};
  }
  h2 {
    margin: 0 0 20px;
    font-size: 15px;
    font-weight: 500;
    text-align: center;
    color: ${({ theme }) => theme.textSecondary};
  }
`;

export const PublicLinks = styled.p`
  display: grid;
  gap: 8px;
  justify-items: center;
  margin: 14px 0 0;
  text-align: center;
`;

const Footer = styled.footer`
  color: ${({ theme }) => theme.textSecondary};
  font-size: 12px;
`;

export function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Screen>
      <Corner>
        <LanguageMenu />
      </Corner>
      <Card>
        <h1>Atende</h1>
        <h2>{title}</h2>
        {children}
      </Card>
      <Footer>{t('web.public.footer', { year: new Date().getFullYear(), version: APP_VERSION })}</Footer>
    </Screen>
  );
}
