import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTick } from './format';
import { type Profile, profilePolylines, profileScale, ticks } from './profile';

export interface HeightProfileProps {
  profile: Profile;
  /** selected waypoints (wayline 0) */
  selected: ReadonlySet<number>;
  flagged: ReadonlySet<string>;
  securityHeightM: number | undefined;
  rthHeightM: number | undefined;
  /** waypoint routes: dragging a dot changes that waypoint's height (final on release) */
  onHeight?: ((index: number, heightM: number, final: boolean) => void) | undefined;
  onSelect?: ((index: number, toggle: boolean) => void) | undefined;
}

const HEIGHT = 150;
/** more dots than this and only the selected and flagged ones are drawn (the line still shows the rest) */
const DOT_LIMIT = 600;

/** Distance along the route × height, each waypoint a dot; the safe take-off and return heights as lines. */
export default function HeightProfile(props: HeightProfileProps) {
  const { t } = useTranslation();
  const { profile, selected, flagged, securityHeightM, rthHeightM, onHeight, onSelect } = props;
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  const [drag, setDrag] = useState<{ index: number; heightM: number } | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(Math.max(200, element.clientWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const references = [securityHeightM, rthHeightM].filter((v): v is number => v !== undefined);
  const scale = useMemo(
    () => profileScale(profile, width, HEIGHT, references, 28),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [profile, width, securityHeightM, rthHeightM],
  );
  const polylines = useMemo(() => profilePolylines(profile, scale), [profile, scale]);
  const many = profile.points.length > DOT_LIMIT;

  const heightOf = (event: React.PointerEvent<SVGElement>) => {
    const rect = (event.currentTarget.ownerSVGElement ?? event.currentTarget).getBoundingClientRect();
    return Math.round(scale.heightAt(event.clientY - rect.top) * 10) / 10;
  };

  return (
    <div ref={box} className="route-editor-profile" data-testid="route-editor-profile">
      <div className="route-editor-profile-title">
        <strong>{t('routeEditor.profile')}</strong>
        {onHeight && <span>{t('routeEditor.profileHint')}</span>}
      </div>
      <svg width={width} height={HEIGHT} role="img" aria-label={t('routeEditor.profile')}>
        {ticks(scale.low, scale.high).map((value) => (
          <g key={value}>
            <line x1={28} x2={width - 28} y1={scale.y(value)} y2={scale.y(value)} stroke="#f0f0f0" />
            <text x={24} y={scale.y(value) + 4} textAnchor="end" fontSize={10} fill="#8c8c8c">
              {value}
            </text>
          </g>
        ))}
        {ticks(0, profile.lengthM).map((value) => (
          <text
            key={value}
            x={scale.x(value)}
            y={HEIGHT - 8}
            textAnchor="middle"
            fontSize={10}
            fill="#8c8c8c"
          >
            {formatTick(value, profile.lengthM)}
          </text>
        ))}
        {securityHeightM !== undefined && (
          <g data-testid="profile-security">
            <line
              x1={28}
              x2={width - 28}
              y1={scale.y(securityHeightM)}
              y2={scale.y(securityHeightM)}
              stroke="#52c41a"
              strokeDasharray="5 4"
            />
            <text
              x={width - 30}
              y={scale.y(securityHeightM) - 3}
              textAnchor="end"
              fontSize={10}
              fill="#389e0d"
            >
              {t('routeEditor.securityLine')} {securityHeightM}
            </text>
          </g>
        )}
        {rthHeightM !== undefined && (
          <g data-testid="profile-rth">
            <line
              x1={28}
              x2={width - 28}
              y1={scale.y(rthHeightM)}
              y2={scale.y(rthHeightM)}
              stroke="#722ed1"
              strokeDasharray="5 4"
            />
            <text x={width - 30} y={scale.y(rthHeightM) - 3} textAnchor="end" fontSize={10} fill="#531dab">
              {t('routeEditor.rthLine')} {rthHeightM}
            </text>
          </g>
        )}
        {polylines.map((points, index) => (
          <polyline key={index} points={points} fill="none" stroke="#1677ff" strokeWidth={2} />
        ))}
        {profile.points.map((point) => {
          const key = `${point.wayline}:${point.index}`;
          const isSelected = point.wayline === 0 && selected.has(point.index);
          const isFlagged = flagged.has(key);
          if (many && !isSelected && !isFlagged) return null;
          const height =
            drag && point.wayline === 0 && drag.index === point.index ? drag.heightM : point.heightM;
          return (
            <circle
              key={key}
              data-testid={`profile-dot-${key}`}
              data-selected={isSelected ? 'yes' : 'no'}
              cx={scale.x(point.distanceM)}
              cy={scale.y(height)}
              r={isSelected ? 6 : 4}
              fill={isFlagged ? '#f5222d' : isSelected ? '#fa8c16' : '#1677ff'}
              stroke="#fff"
              strokeWidth={1.5}
              style={{ cursor: onHeight ? 'ns-resize' : 'default' }}
              onPointerDown={(event) => {
                if (point.wayline !== 0) return;
                onSelect?.(point.index, event.shiftKey);
                if (!onHeight) return;
                event.currentTarget.setPointerCapture(event.pointerId);
                setDrag({ index: point.index, heightM: point.heightM });
              }}
              onPointerMove={(event) => {
                if (!drag || drag.index !== point.index || !onHeight) return;
                const heightM = heightOf(event);
                setDrag({ index: point.index, heightM });
                onHeight(point.index, heightM, false);
              }}
              onPointerUp={(event) => {
                if (!drag || drag.index !== point.index || !onHeight) return;
                onHeight(point.index, heightOf(event), true);
                setDrag(null);
              }}
            >
              <title>
                #{point.index + 1} · {Math.round(point.heightM * 10) / 10} m
              </title>
            </circle>
          );
        })}
      </svg>
    </div>
  );
}
