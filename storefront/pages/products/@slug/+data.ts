export { data } from '../../product/@slug/+data.ts';
