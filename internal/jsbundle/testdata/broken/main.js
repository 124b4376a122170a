import { nothing } from './missing.js';
export default () => nothing;
