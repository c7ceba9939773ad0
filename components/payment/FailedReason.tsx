// "Payment failed: {reason}" with the gateway's reason isolated: it is in the gateway's language (often English), and
// isolated it keeps its own direction inside Arabic or Urdu. No hooks: server pages and client forms both render it.
export function FailedReason({ template, reason }: { template: string; reason: string }) {
  const [before, after = ''] = template.split('{reason}');
  return (
    <>
      {before}
      <bdi>{reason}</bdi>
      {after}
    </>
  );
}
