/**
 * Stands in for the scheduling widget's script: like the real one, it finds each
 * `.calendly-inline-widget` and draws the booking page into it as an iframe.
 */
export const schedulerStub = {
  contentType: 'application/javascript',
  body: `document.querySelectorAll('.calendly-inline-widget').forEach((widget) => {
  const frame = document.createElement('iframe');
  frame.title = 'Scheduling';
  frame.style.width = '100%';
  frame.style.height = '100%';
  frame.style.border = '0';
  frame.srcdoc = '<p>Pick a time for ' + widget.dataset.url + '</p>';
  widget.append(frame);
});`,
};
