import { useId } from "react";

export type Backdrop =
  | { kind: "gradient"; from: string; to: string }
  | { kind: "studio"; from: string; to: string }
  | { kind: "office"; from: string; to: string }
  | { kind: "stage"; from: string; to: string; light: string }
  | { kind: "bokeh"; from: string; to: string; dots: string };

export type Outfit =
  | { kind: "suit"; jacket: string; shirt: string; tie?: string }
  | { kind: "blazer"; jacket: string; top: string }
  | { kind: "shirt"; shirt: string; collar: string }
  | { kind: "knit"; top: string; trim: string };

export interface PortraitSpec {
  backdrop: Backdrop;
  outfit: Outfit;
  skin: string;
  hair: string;
}

/**
 * A flat, faceless portrait illustration (200×240). Stands in for a real example photo; see README.md.
 * `gender` only changes the hair and the tie.
 */
export function PortraitSvg({
  spec,
  gender,
  title,
  className,
}: {
  spec: PortraitSpec;
  gender: "man" | "woman";
  title?: string;
  className?: string;
}) {
  const uid = useId().replace(/:/g, "");
  const bg = `bg-${uid}`;
  const shade = `shade-${uid}`;
  const { backdrop: b, outfit: o, skin, hair } = spec;
  const clothes = o.kind === "suit" || o.kind === "blazer" ? o.jacket : o.kind === "shirt" ? o.shirt : o.top;

  return (
    <svg
      viewBox="0 0 200 240"
      className={className}
      role={title ? "img" : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      preserveAspectRatio="xMidYMid slice"
    >
      <defs>
        {b.kind === "stage" ? (
          <radialGradient id={bg} cx="50%" cy="35%" r="70%">
            <stop offset="0%" stopColor={b.light} />
            <stop offset="55%" stopColor={b.from} />
            <stop offset="100%" stopColor={b.to} />
          </radialGradient>
        ) : b.kind === "studio" ? (
          <radialGradient id={bg} cx="50%" cy="40%" r="75%">
            <stop offset="0%" stopColor={b.from} />
            <stop offset="100%" stopColor={b.to} />
          </radialGradient>
        ) : (
          <linearGradient id={bg} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0%" stopColor={b.from} />
            <stop offset="100%" stopColor={b.to} />
          </linearGradient>
        )}
        <linearGradient id={shade} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="#000" stopOpacity="0.18" />
          <stop offset="100%" stopColor="#000" stopOpacity="0" />
        </linearGradient>
      </defs>

      <rect width="200" height="240" fill={`url(#${bg})`} />
      {b.kind === "office" && (
        <g opacity="0.35">
          <rect x="8" y="20" width="50" height="90" rx="3" fill="#fff" />
          <rect x="62" y="20" width="50" height="90" rx="3" fill="#fff" />
          <rect x="150" y="20" width="44" height="90" rx="3" fill="#fff" />
          <circle cx="172" cy="150" r="22" fill="#6b8f71" />
          <circle cx="185" cy="132" r="14" fill="#7fa383" />
        </g>
      )}
      {b.kind === "bokeh" && (
        <g fill={b.dots}>
          <circle cx="24" cy="40" r="16" opacity="0.35" />
          <circle cx="170" cy="30" r="22" opacity="0.3" />
          <circle cx="182" cy="110" r="12" opacity="0.4" />
          <circle cx="18" cy="130" r="10" opacity="0.3" />
          <circle cx="150" cy="78" r="7" opacity="0.45" />
        </g>
      )}

      {/* long hair behind the head */}
      {gender === "woman" && (
        <path
          d="M62 104 C56 58 82 44 100 44 C120 44 146 58 138 104 L144 166 C132 174 120 168 116 154 L84 154 C80 168 68 174 56 166 Z"
          fill={hair}
        />
      )}

      {/* body */}
      <path d="M26 240 C26 188 58 160 100 157 C142 160 174 188 174 240 Z" fill={clothes} />
      <path d="M26 240 C26 188 58 160 100 157 C142 160 174 188 174 240 Z" fill={`url(#${shade})`} opacity="0.5" />

      {/* neck */}
      <path d="M88 124 L112 124 L113 160 C106 168 94 168 87 160 Z" fill={skin} />
      <path d="M88 130 C94 142 106 142 112 130 L112 146 C104 152 96 152 88 146 Z" fill="#000" opacity="0.12" />

      {o.kind === "suit" && (
        <g>
          <path d="M84 157 L100 200 L116 157 Z" fill={o.shirt} />
          {gender === "man" && o.tie && <path d="M97 166 L103 166 L106 206 L100 214 L94 206 Z" fill={o.tie} />}
          <path d="M82 156 L100 202 L90 214 L66 172 Z" fill="#000" opacity="0.22" />
          <path d="M118 156 L100 202 L110 214 L134 172 Z" fill="#000" opacity="0.22" />
        </g>
      )}
      {o.kind === "blazer" && (
        <g>
          <path d="M84 157 C88 176 112 176 116 157 L112 240 L88 240 Z" fill={o.top} />
          <path d="M82 156 L96 206 L86 240 L70 240 L64 176 Z" fill="#000" opacity="0.18" />
          <path d="M118 156 L104 206 L114 240 L130 240 L136 176 Z" fill="#000" opacity="0.18" />
        </g>
      )}
      {o.kind === "shirt" && (
        <g>
          <path d="M86 156 L100 176 L92 184 L80 164 Z" fill={o.collar} />
          <path d="M114 156 L100 176 L108 184 L120 164 Z" fill={o.collar} />
          <path d="M100 176 L100 240" stroke="#000" strokeOpacity="0.15" strokeWidth="1.5" />
          <circle cx="100" cy="196" r="1.6" fill="#000" opacity="0.25" />
          <circle cx="100" cy="214" r="1.6" fill="#000" opacity="0.25" />
        </g>
      )}
      {o.kind === "knit" && <path d="M84 157 C88 172 112 172 116 157" fill="none" stroke={o.trim} strokeWidth="5" strokeLinecap="round" />}

      {/* ears and head */}
      <ellipse cx="67" cy="98" rx="6" ry="9" fill={skin} />
      <ellipse cx="133" cy="98" rx="6" ry="9" fill={skin} />
      <ellipse cx="100" cy="94" rx="33" ry="40" fill={skin} />

      {/* hair on top */}
      {gender === "man" ? (
        <path d="M66 92 C62 56 84 46 102 48 C124 48 140 62 134 92 C130 76 118 68 100 70 C84 70 72 78 66 92 Z" fill={hair} />
      ) : (
        <path d="M66 98 C64 60 88 50 104 52 C126 54 138 70 134 98 C126 78 112 70 96 72 C82 76 72 86 66 98 Z" fill={hair} />
      )}
    </svg>
  );
}
