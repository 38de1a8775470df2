/** A line drawing of a quadcopter over a dock, for the sign-in page's hero panel. */
export function DroneArt({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 520 360"
      fill="none"
      stroke="#8cc4ff"
      strokeWidth="2"
      aria-hidden="true"
    >
      <g opacity="0.9">
        <ellipse cx="140" cy="90" rx="62" ry="12" />
        <ellipse cx="380" cy="90" rx="62" ry="12" />
        <path d="M140 90 L220 130 M380 90 L300 130" strokeWidth="5" strokeLinecap="round" />
        <rect x="215" y="118" width="90" height="42" rx="14" fill="#13315c" />
        <circle cx="260" cy="176" r="14" fill="#13315c" />
        <path d="M140 78v12M380 78v12" strokeWidth="4" />
        <path d="M225 160l-20 30M295 160l20 30" strokeLinecap="round" />
      </g>
      <g opacity="0.6" strokeDasharray="6 8">
        <path d="M260 195 L260 270" />
        <path d="M200 300 Q260 250 320 300" />
      </g>
      <g opacity="0.85">
        <rect x="170" y="286" width="180" height="50" rx="8" fill="#0f2a4d" />
        <path d="M170 300h180M210 286v50M310 286v50" />
        <circle cx="260" cy="311" r="10" />
      </g>
      <g opacity="0.35">
        <path d="M20 340 Q140 250 260 290 T500 220" />
        <path d="M20 320 Q160 230 280 270 T510 190" />
      </g>
    </svg>
  );
}
