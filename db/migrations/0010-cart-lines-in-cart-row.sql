-- A cart's lines live in its row, as one jsonb array in the order they were added: a cart change
-- writes one row and its two index entries, not also a second table's rows and their two indexes
-- (docs/decisions/0015). The lines already projected move over as they are, in the shape the
-- projection writes (addedAt as the events carry it): the read model means what it did, so its
-- projection keeps its version and nothing is replayed.
alter table carts add column lines jsonb not null default '[]';

update carts c set lines = l.lines
from (
  select cart_id,
         jsonb_agg(jsonb_build_object('lineId', line_id, 'productId', product_id, 'variantId', variant_id, 'quantity', quantity,
                                      'addedAt', to_char(added_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                   order by added_at, line_id) as lines
  from cart_lines group by cart_id
) l
where l.cart_id = c.cart_id;

drop table cart_lines;
