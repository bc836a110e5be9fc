import 'styled-components';
import type { Palette } from './theme.js';

declare module 'styled-components' {
  export interface DefaultTheme extends Palette {}
}
