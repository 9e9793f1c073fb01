import { redirect } from 'react-router';

// SPEC §2 lists /account/order without its behaviour: it leads to the order list.
export function loader() {
  return redirect('/account/orders', 301);
}
