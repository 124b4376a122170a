import { twice } from './twice.js';
export default function (n) { return twice(n) + 1; }
