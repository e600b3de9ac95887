// /products/{slug} is seen in links too: it renders the same product page as /product/{slug}.
export { default } from '../../product/@slug/+Page.tsx';
