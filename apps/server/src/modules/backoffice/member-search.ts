import { sql, type SQL } from 'drizzle-orm';

/** The list shows the first 20 by name; each way brings at most that many of the staff's own members. */
const PAGE = 20;

/**
 * The back office's member search, in the staff's tenants: a membership number exactly, or the start of
 * an e-mail address, of « prénom nom » or of « nom prénom » (case-insensitive). Each way walks its own
 * index (migration 0180) in its order, keeps the rows of the staff's tenants (the member's row by its key)
 * and stops at the page's 20, so a search costs the same among ten thousand members or a million, and
 * another tenant's many namesakes never use up the page before one's own members are reached. A
 * substring in the middle of a name or an address is not searched (it would read them all).
 * Each way is ordered `using ~<~`, the order of its text_pattern_ops index: ordered by the database's
 * collation, the index cannot give the order and every match is read and sorted.
 */
export function memberSearch(scope: readonly string[], q: string): SQL {
  const inScope = sql.join(
    scope.map((t) => sql`${t}`),
    sql`, `,
  );
  const prefix = `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const mine = (memberId: SQL) => sql`exists (select 1 from members m where m.id = ${memberId} and m.tenant_id in (${inScope}))`;
  return sql`
    with found as (
      (select m.id from members m where m.tenant_id in (${inScope}) and m.membership_number = ${q})
      union
      (select c.member_id from contacts c where lower(c.email) like ${prefix} and ${mine(sql`c.member_id`)}
        order by lower(c.email) using ~<~ limit ${PAGE})
      union
      (select b.member_id from beneficiaries b where b.family_position = 1 and lower(b.sur_name || ' ' || b.first_name) like ${prefix}
        and ${mine(sql`b.member_id`)} order by lower(b.sur_name || ' ' || b.first_name) using ~<~ limit ${PAGE})
      union
      (select b.member_id from beneficiaries b where b.family_position = 1 and lower(b.first_name || ' ' || b.sur_name) like ${prefix}
        and ${mine(sql`b.member_id`)} order by lower(b.first_name || ' ' || b.sur_name) using ~<~ limit ${PAGE})
    )
    select * from (
      select m.id, m.tenant_id, m.membership_number, b.first_name, b.sur_name, c.email
      from members m
      left join beneficiaries b on b.member_id = m.id and b.family_position = 1
      left join contacts c on c.member_id = m.id
      -- The ids as an array read once: members by primary key, whatever the planner guesses of the
      -- union's size; OFFSET 0 keeps the tenants' filter out of that read (else it ANDs in the bitmap of
      -- every member of the tenants).
      where m.id = any(array(select id from found))
      offset 0
    ) hit
    where hit.tenant_id in (${inScope})
    order by hit.sur_name, hit.first_name limit ${PAGE}`;
}
