// Sets style properties through the CSSOM: the page's CSP refuses inline `style` attributes (and
// lit's styleMap writes one on first render), but allows `element.style.setProperty`.
import { nothing } from 'lit';
import { Directive, PartType, directive, type ElementPart, type PartInfo } from 'lit/directive.js';

class CssProps extends Directive {
  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.ELEMENT) throw new Error('cssProps goes on an element: <div ${cssProps({...})}>');
  }

  render(_props: Record<string, string>): typeof nothing {
    return nothing;
  }

  override update(part: ElementPart, [props]: [Record<string, string>]): typeof nothing {
    const style = (part.element as HTMLElement).style;
    for (const [name, value] of Object.entries(props)) if (style.getPropertyValue(name) !== value) style.setProperty(name, value);
    return nothing;
  }
}

export const cssProps = directive(CssProps);
