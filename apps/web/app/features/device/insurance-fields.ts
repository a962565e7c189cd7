/** The query the claim form's post (without JavaScript) redirects to: the number of the claim just filed. */
export const FILED_QUERY = 'siniestro';
