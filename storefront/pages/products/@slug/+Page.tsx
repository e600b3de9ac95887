// /products/{slug} is seen in links too (spec 2): it renders the same product page as /product/{slug}.
export { default } from '../../product/@slug/+Page.tsx';
