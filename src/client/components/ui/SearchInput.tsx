import { Search } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { Input } from './Field.tsx';

/** The search box of a filter bar: a search field with a magnifier inside; name it with `aria-label`. */
export function SearchInput({ className = '', ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={`relative ${className}`}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400"
      />
      <Input type="search" className="pl-10" {...props} />
    </div>
  );
}
