import { CardbookDB } from './CardbookDB';

export const db = new CardbookDB();
