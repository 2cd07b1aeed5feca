import type { MouseEvent } from 'react';

/**
 * For the links the product calls dead ('Download Game' on About): the link stays a link for the
 * day it gets a target, but a click goes nowhere (not even to the top of the page).
 */
export const stayHere = (event: MouseEvent<HTMLAnchorElement>): void => event.preventDefault();
