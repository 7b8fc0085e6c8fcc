/** What other modules (the back office) may use of the help module: finding a member by adviser code. */
export { findMemberByAdviserCode, type AdviserCodeMatch } from './adviser-codes';
