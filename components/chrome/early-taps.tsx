import { HYDRATED, WHEN_HYDRATED } from '@/lib/first-paint';

/**
 * The source of the early-tap script (exported for its tests). Before React has hydrated the
 * page, a button's click (a tap, a mouse click, Enter or Space) or a form's submission would do
 * nothing, or worse, submit the form natively and lose its answer. So until `<html
 * data-hydrated>` it:
 *
 * - holds the click on a button back from the page and shows the button pressed (`data-early-tap`
 *   and `aria-busy`, styled in app/globals.css), then clicks it again once React has hydrated it,
 *   once however many times it was tapped;
 * - does the same for a form's submission (the button that submitted it pressed again);
 * - remembers where a range slider was let go, and tells React once it listens (its value is
 *   first set through the element, which React watches, then back natively, which it does not,
 *   so that React sees a change to report);
 * - leaves alone what works without React: links, `<summary>`, and buttons whose behaviour is the
 *   browser's own (`popovertarget`, `commandfor`: the menu, the quick views, the photo viewer).
 */
export const EARLY_TAPS = `(function(){
var h=document.documentElement,held=[],ranges=[];
function hydrated(){return h.hasAttribute("${HYDRATED}")}
function press(el){
  if(held.indexOf(el)<0){held.push(el);el.setAttribute("data-early-tap","");el.setAttribute("aria-busy","true")}
}
function hold(e,el){e.preventDefault();e.stopImmediatePropagation();press(el)}
document.addEventListener("click",function(e){
  if(hydrated()||!e.target.closest)return;
  var el=e.target.closest("button");
  if(!el||el.disabled||el.hasAttribute("popovertarget")||el.hasAttribute("commandfor"))return;
  hold(e,el)
},true);
document.addEventListener("submit",function(e){
  if(hydrated())return;
  var by=e.submitter;
  hold(e,by&&by.form===e.target?by:e.target)
},true);
document.addEventListener("input",function(e){
  var el=e.target;
  if(!hydrated()&&el.type==="range"&&ranges.indexOf(el)<0)ranges.push(el)
},true);
function replay(){
  var set=Object.getOwnPropertyDescriptor(HTMLInputElement.prototype,"value").set;
  ranges.forEach(function(el){
    var v=el.value;el.value="";set.call(el,v);
    el.dispatchEvent(new Event("input",{bubbles:true}))
  });
  held.forEach(function(el){
    el.removeAttribute("data-early-tap");el.removeAttribute("aria-busy");
    if(el.isConnected)el.tagName==="FORM"?el.requestSubmit():el.click()
  });
  held=ranges=[]
}
${WHEN_HYDRATED}whenHydrated(replay,0)
})()`.replace(/\n\s*/g, '');

/** The early-tap script, inline in `<head>` so that it listens before anything is painted. */
export function EarlyTaps() {
  return <script dangerouslySetInnerHTML={{ __html: EARLY_TAPS }} />;
}
