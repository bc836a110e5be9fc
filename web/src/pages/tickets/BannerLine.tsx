/** The one-line notes under the conversation's header (a running flow, a queue integration, the AI assistant). */
import styled from 'styled-components';

export const BannerLine = styled.div<{ $alert?: boolean }>`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 6px 12px;
  font-size: 13px;
  background: ${({ theme }) => theme.hover};
  border-bottom: 1px solid ${({ theme }) => theme.border};
  color: ${({ theme, $alert }) => ($alert ? theme.error : theme.text)};
  span {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;
