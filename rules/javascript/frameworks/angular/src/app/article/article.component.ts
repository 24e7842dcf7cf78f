import { Component, ElementRef, OnInit, Renderer2, ViewChild } from '@angular/core';
import { ActivatedRoute } from '@angular/router';
import { DomSanitizer, SafeResourceUrl } from '@angular/platform-browser';

@Component({
  selector: 'app-article',
  template: `
    <iframe [src]="embed"></iframe>
    <iframe [src]="video"></iframe>
    <div #note></div>
  `,
})
export class ArticleComponent implements OnInit {
  @ViewChild('note', { static: true }) note!: ElementRef<HTMLDivElement>;
  embed: SafeResourceUrl = '';
  video: SafeResourceUrl = '';

  constructor(private route: ActivatedRoute, private sanitizer: DomSanitizer, private renderer: Renderer2) {}

  ngOnInit(): void {
    this.route.queryParamMap.subscribe((params) => {
      const source = params.get('embed') ?? '';
      // ruleid: XSS
      this.embed = this.sanitizer.bypassSecurityTrustResourceUrl(source);
      // ok: XSS
      this.video = this.sanitizer.bypassSecurityTrustResourceUrl(`https://player.example.com/embed/${encodeURIComponent(source)}`);
    });
    const fragment = this.route.snapshot.fragment ?? '';
    // ruleid: XSS
    this.renderer.setProperty(this.note.nativeElement, 'innerHTML', `<p>${fragment}</p>`);
    // ok: XSS
    this.renderer.setProperty(this.note.nativeElement, 'textContent', fragment);
  }
}
