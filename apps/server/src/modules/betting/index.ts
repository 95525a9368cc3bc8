/**
 * The betting module (issue 5 item 7): a member's betting record and personal profit and loss,
 * read from the rounds the vendor wallet API records for every vendor, the house vendor included.
 */
export { bettingRoutes } from './betting.routes.ts';
