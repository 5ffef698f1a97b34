/** Request bodies of the account service's lists and purchases (SPEC section 7). */
import * as yup from 'yup';
import { PAGE_SIZE_LISTS } from '../constants';

export const MAX_PAGE_SIZE = 100;

export const pagedRequestSchema = yup.object({
  filters: yup.object().optional(),
  limit: yup.number().typeError('limit must be a number').integer('limit must be an integer').min(1, 'limit must be at least 1')
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`).default(PAGE_SIZE_LISTS),
  page: yup.number().typeError('page must be a number').integer('page must be an integer').min(1, 'page must be at least 1')
    .max(1_000_000, 'page must be at most 1000000').default(1),
});

export const createSubscriptionSchema = yup.object({
  planId: yup.string().required('planId is required.').uuid('planId is invalid.'),
});
