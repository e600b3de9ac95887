export { default } from '../../product/@slug/+title.ts';
