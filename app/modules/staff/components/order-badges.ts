// Badge colours for order and payment states, shared by the dashboard and the order screens.
export const paymentTone = { pending: 'amber', processing: 'blue', complete: 'green', failed: 'red' } as const;
export const statusTone = { new: 'slate', processing: 'blue', shipped: 'green', cancelled: 'red' } as const;
