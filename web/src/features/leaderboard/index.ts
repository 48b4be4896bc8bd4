/** The leaderboard feature: the board (page body) and the player's best rank for the profile. */
export { Leaderboard, LEADERBOARD_TEXTS, PERIOD_TABS } from './Leaderboard';
export { fetchBestRank } from './api';
