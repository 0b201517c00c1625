// MathML Core (https://w3c.github.io/mathml-core/#dom-and-javascript): the interface webdom
// gives MathML elements, with the HTML Standard's HTMLOrSVGOrMathMLElement mixin.

// https://w3c.github.io/mathml-core/#dom-mathmlelement
[Exposed=Window]
interface MathMLElement : Element {
};

MathMLElement includes HTMLOrSVGOrMathMLElement;
MathMLElement includes ElementCSSInlineStyle;
