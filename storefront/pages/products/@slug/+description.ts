export { default } from '../../product/@slug/+description.ts';
