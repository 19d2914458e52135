import { INDUSTRIES, POSITIONS } from './data/options.data';
import { REGIONS } from './data/regions.data';

const CITY_PAIRS = new Set(REGIONS.flatMap((p) => p.sub_arr.map((c) => `${p.name}:${c.name}`)));
const PROVINCES = new Set(REGIONS.map((p) => p.name));
const POSITION_NAMES = new Set(POSITIONS.flatMap((p) => p.sub_arr.map((c) => c.name)));
const INDUSTRY_NAMES = new Set(INDUSTRIES.map((i) => i.name));

/** The option data as checks, for areas that store the same names (recruiting's posts and company profiles). */
export const talentOptions = {
  /** A 'province:city' pair of the region data. */
  isCityPair: (pair: string) => CITY_PAIRS.has(pair),
  isProvince: (name: string) => PROVINCES.has(name),
  /** A leaf of the finance position tree. */
  isPosition: (name: string) => POSITION_NAMES.has(name),
  isIndustry: (name: string) => INDUSTRY_NAMES.has(name),
};
