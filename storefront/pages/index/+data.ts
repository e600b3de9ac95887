import type { PageContextServer } from 'vike/types';

export function data(pageContext: PageContextServer) {
  const { catalogue } = pageContext.renderContext;
  return {
    categories: [...catalogue.categories()],
    bestsellers: [...catalogue.bestsellers()],
    testimonials: [...catalogue.testimonials()],
  };
}

export type Data = ReturnType<typeof data>;
