/** The toolbar row of the tickets pane (filters, bulk actions). */
import styled from 'styled-components';

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  padding: 6px 8px;
  border-bottom: 1px solid ${({ theme }) => theme.border};
  input[type='search'] {
    flex: 1;
    min-width: 0;
  }
  > button {
    min-height: 30px;
    padding: 3px 10px;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    font-size: 13px;
  }
`;
